/**
 * A route's `links` when all it adds to the page is its stylesheet:
 *
 *   import styles from "~/styles/ojt.css";
 *   export const links = stylesheet(styles);
 */
import type { LinksFunction } from "@remix-run/node";

export const stylesheet =
  (href: string): LinksFunction =>
  () => [{ rel: "stylesheet", href }];
