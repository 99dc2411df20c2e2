/**
 * A submit button that names what its form asks for: it posts `intent` (the field an action
 * switches on) with the form's other fields. Every other prop goes on the button.
 */
export function IntentButton({
  intent,
  ...button
}: { intent: string } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "name" | "value"
>) {
  return <button type="submit" name="intent" value={intent} {...button} />;
}
