import { apiRoute } from "~/web/api-route.server";
import { certificateFacts } from "~/models/ojt/completion.server";
import { certificatePdf } from "~/models/ojt/pdf.server";
import { ojtCtx } from "~/web/config.server";
import { pdfResponse } from "~/web/ojt-pdf.server";

export const { loader } = apiRoute({
  /**
   * GET /api/placements/{id}/certificate.pdf: the completion certificate, for the student, their
   * programme's coordinators and admins (anyone else: 404); 409 before the placement is completed.
   */
  GET: async (api) => {
    const facts = await certificateFacts(await api.ctx("user", ojtCtx), api.param("id"));
    return pdfResponse(await certificatePdf(facts), `ojt-certificate-${facts.code}.pdf`);
  },
});
