import {
  EMPLOYMENT_STATUS_OPTIONS,
  JOB_FOUND_VIA_OPTIONS,
  MONTHS_TO_FIRST_JOB,
  RELATED_OPTIONS,
  SALARY_BANDS,
  SALARY_UNDISCLOSED,
} from "./outcome-keys";

/**
 * The 'New from template' survey: a short graduate tracer study modelled on the CHED Graduate
 * Tracer Study (employment status, time to first job, relevance to the course, first-job salary,
 * how the job was found, useful skills, a rating of the programme). Created as a draft for alumni
 * so the administrator reviews it before anyone is prompted. Each question carries its semantic
 * `key`, and the options the outcomes are computed from come from outcome-keys.ts (ADR 101).
 */
export const TRACER_TEMPLATE = {
  title: "Graduate Tracer Study",
  description:
    "Help the college improve its programmes: tell us about your employment after graduation. " +
    "Your answers are used in aggregate for the institution's tracer study and accreditation reports.",
  audience: "alumni",
  status: "draft",
  questions: [
    {
      key: "employment_status",
      text: "Are you presently employed?",
      type: "multiple_choice",
      required: true,
      options: [...EMPLOYMENT_STATUS_OPTIONS],
    },
    {
      key: "unemployment_reason",
      text: "If not employed, what is the main reason?",
      type: "multiple_choice",
      required: false,
      options: [
        "Advanced or further study",
        "Family concern",
        "Health-related reasons",
        "Lack of work experience",
        "No job opportunity",
        "Did not look for a job",
        "Other",
      ],
    },
    {
      key: "employment_type",
      text: "Present employment status",
      type: "multiple_choice",
      required: false,
      options: ["Regular or permanent", "Contractual", "Temporary", "Casual", "Self-employed"],
    },
    {
      key: "job_title",
      text: "Present occupation or job title",
      type: "short_text",
      required: false,
    },
    {
      key: "first_job_company",
      text: "Name of the company or organisation of your first job",
      type: "short_text",
      required: false,
    },
    {
      key: "months_to_first_job",
      text: "How long did it take you to land your first job after graduation?",
      type: "multiple_choice",
      required: true,
      options: MONTHS_TO_FIRST_JOB.map((m) => m.option),
    },
    {
      key: "job_found_via",
      text: "How did you find your first job?",
      type: "checkbox",
      required: false,
      options: [...JOB_FOUND_VIA_OPTIONS],
    },
    {
      key: "job_related_to_course",
      text: "Is your first job related to the course you took up in college?",
      type: "multiple_choice",
      required: true,
      options: [...RELATED_OPTIONS],
    },
    {
      key: "first_job_salary_band",
      text: "Initial gross monthly earning in your first job",
      type: "multiple_choice",
      required: false,
      options: [...SALARY_BANDS, SALARY_UNDISCLOSED],
    },
    {
      key: "useful_competencies",
      text: "Which competencies learned in college were useful in your first job?",
      type: "checkbox",
      required: false,
      options: [
        "Communication skills",
        "Human relations skills",
        "Entrepreneurial skills",
        "Information technology skills",
        "Problem-solving skills",
        "Critical thinking skills",
        "Technical and aviation-specific skills",
        "Safety and regulatory knowledge",
        "Other",
      ],
    },
    {
      key: "programme_rating",
      text: "How well did your programme prepare you for your work?",
      type: "rating",
      required: true,
      scaleMax: 5,
    },
    {
      key: "suggestions",
      text: "Suggestions to improve the curriculum or the college's services",
      type: "long_text",
      required: false,
    },
  ],
};
