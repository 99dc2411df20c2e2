import { apiRoute } from "~/web/api-route.server";
import { dtrFacts } from "~/models/ojt/completion.server";
import { dtrPdf } from "~/models/ojt/pdf.server";
import { ojtCtx } from "~/web/config.server";
import { pdfResponse } from "~/web/ojt-pdf.server";

export const { loader } = apiRoute({
  /**
   * GET /api/placements/{id}/dtr.pdf: the placement's whole daily time record with each week's
   * sign-off, for the student, their programme's coordinators and admins (anyone else: 404).
   */
  GET: async (api) => {
    const id = api.param("id");
    const facts = await dtrFacts(await api.ctx("user", ojtCtx), id);
    return pdfResponse(await dtrPdf(facts), `ojt-dtr-${id.slice(0, 8)}.pdf`);
  },
});
