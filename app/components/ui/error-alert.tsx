/** A failure said at the top of a screen or form, read out at once; nothing when there is none. */
export function ErrorAlert({ message, id }: { message: React.ReactNode; id?: string }) {
  return message ? (
    <p className="alert alert-error" role="alert" id={id}>
      {message}
    </p>
  ) : null;
}
