/**
 * Change photo: a multipart form with the field `profilePicture`, the browser's visible file
 * field (its chosen file's name shows without JavaScript). With JavaScript choosing a file checks
 * its type and size at once (the server's messages; the server still decides) and uploads it;
 * without, the form's Save photo button sends it.
 */
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { checkImageFile, IMAGE_ACCEPT } from "~/models/file/image-rules";
import { PROFILE_MSG } from "~/models/user/messages";
import { useHydrated } from "../ui/use-hydrated";
import { FieldLabel } from "../ui/field-label";

export function PhotoForm({ error }: { error: { message: string; reason: string | null } | null }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [early, setEarly] = useState<string | null>(null);
  const uploading =
    navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const shown = early ? { message: PROFILE_MSG.photoFailed, reason: early } : error;
  return (
    <Form method="post" encType="multipart/form-data" className="photo-form">
      {/* One action: the browser's own file field, so the chosen file's name shows without
          JavaScript too; with it, choosing uploads at once, without it the form's button sends. */}
      <FieldLabel htmlFor="profile-photo">{uploading ? "Uploading…" : "Change photo"}</FieldLabel>
      <input
        id="profile-photo"
        type="file"
        name="profilePicture"
        accept={IMAGE_ACCEPT}
        required
        disabled={uploading}
        aria-describedby="profile-photo-hint"
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!hydrated || !file || !input.form) return;
          const refusal = checkImageFile(file);
          setEarly(refusal);
          // Read the form before emptying the input, so choosing the same file again fires onChange.
          const body = refusal ? null : new FormData(input.form);
          input.value = "";
          if (body) submit(body, { method: "post", encType: "multipart/form-data" });
        }}
      />
      {hydrated ? null : (
        <button type="submit" className="btn btn-sm">
          Save photo
        </button>
      )}
      <p className="field-hint" id="profile-photo-hint">
        PNG, JPEG, WebP or GIF, up to 2 MB.
      </p>
      {shown ? (
        <p className="field-error" role="alert">
          {shown.message}
          {shown.reason ? ` — ${shown.reason}` : null}
        </p>
      ) : null}
    </Form>
  );
}
