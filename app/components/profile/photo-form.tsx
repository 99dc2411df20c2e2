/**
 * Change photo (§2.10): a multipart form with the field `profilePicture`. With JavaScript choosing a
 * file uploads it at once; without, an Upload button submits it.
 */
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useHydrated } from "../charts/use-hydrated";

export function PhotoForm({ error }: { error: { message: string; reason: string | null } | null }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const uploading =
    navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  return (
    <Form method="post" encType="multipart/form-data" className="photo-form">
      <label className="btn btn-sm photo-pick">
        {uploading ? "Uploading…" : "Change photo"}
        <input
          type="file"
          name="profilePicture"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="visually-hidden"
          disabled={uploading}
          onChange={(e) => {
            if (hydrated && e.currentTarget.files?.length)
              submit(e.currentTarget.form, { method: "post", encType: "multipart/form-data" });
          }}
        />
      </label>
      {hydrated ? null : (
        <button type="submit" className="btn btn-sm">
          Upload photo
        </button>
      )}
      <p className="field-hint">PNG, JPEG, WebP or GIF, up to 2 MB.</p>
      {error ? (
        <p className="field-error" role="alert">
          {error.message}
          {error.reason ? ` — ${error.reason}` : null}
        </p>
      ) : null}
    </Form>
  );
}
