/**
 * The 'New from template' survey: a short graduate tracer study modelled on the CHED Graduate
 * Tracer Study (employment status, time to first job, relevance to the course, first-job salary,
 * how the job was found, useful skills, a rating of the programme). Created as a draft for alumni
 * so the administrator reviews it before anyone is prompted.
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
      text: "Are you presently employed?",
      type: "multiple_choice",
      required: true,
      options: [
        "Yes, employed",
        "Self-employed / business owner",
        "Not employed",
        "Never been employed",
      ],
    },
    {
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
      text: "Present employment status",
      type: "multiple_choice",
      required: false,
      options: ["Regular or permanent", "Contractual", "Temporary", "Casual", "Self-employed"],
    },
    {
      text: "Present occupation or job title",
      type: "short_text",
      required: false,
    },
    {
      text: "Name and location of your company or organisation",
      type: "short_text",
      required: false,
    },
    {
      text: "How long did it take you to land your first job after graduation?",
      type: "multiple_choice",
      required: true,
      options: [
        "Less than a month",
        "1 to 6 months",
        "7 to 11 months",
        "1 year to less than 2 years",
        "2 years or more",
        "Not yet employed",
      ],
    },
    {
      text: "How did you find your first job?",
      type: "checkbox",
      required: false,
      options: [
        "Response to an advertisement",
        "As walk-in applicant",
        "Recommended by someone",
        "Information from friends",
        "Arranged by the college's job placement officer",
        "Family business",
        "Job fair or PESO",
        "Online job portal or social media",
        "On-the-job training (OJT) company hired me",
        "Other",
      ],
    },
    {
      text: "Is your first job related to the course you took up in college?",
      type: "multiple_choice",
      required: true,
      options: ["Yes", "No", "Not applicable"],
    },
    {
      text: "Initial gross monthly earning in your first job",
      type: "multiple_choice",
      required: false,
      options: [
        "Below ₱10,000",
        "₱10,000 to less than ₱15,000",
        "₱15,000 to less than ₱20,000",
        "₱20,000 to less than ₱25,000",
        "₱25,000 to less than ₱30,000",
        "₱30,000 and above",
        "Prefer not to say",
      ],
    },
    {
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
      text: "How well did your programme prepare you for your work?",
      type: "rating",
      required: true,
      scaleMax: 5,
    },
    {
      text: "Suggestions to improve the curriculum or the college's services",
      type: "long_text",
      required: false,
    },
  ],
};
