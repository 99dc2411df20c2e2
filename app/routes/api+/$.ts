import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi } from "~/web/api.server";
import { NotFound } from "~/lib/errors";

// Unknown /api paths answer a JSON 404 (not the screens' redirect to /).
const notFound = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
export const loader = notFound;
export const action = notFound;
