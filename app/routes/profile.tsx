import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { listCourseGroups } from "~/models/course/course.server";
import { readUpload } from "~/models/file/file.server";
import { PROFILE_MSG } from "~/models/user/messages";
import { getProfile, updateProfile, updateProfilePhoto } from "~/models/user/profile.server";
import { Avatar } from "~/components/profile/avatar";
import { PhotoForm } from "~/components/profile/photo-form";
import { deferred } from "~/components/ui/deferred";
import { ProfileView } from "~/components/profile/profile-view";
import styles from "~/styles/people.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { adminDigestEnabled, setAdminDigest } from "~/models/job/admin-digest.server";
import { setSurveyMail, surveyMailEnabled } from "~/models/survey/invitations.server";
import {
  PERSONAL_MSG,
  pendingPersonalEmail,
  removePersonalEmail,
  requestPersonalEmail,
  setMailToPersonal,
  verifyPersonalEmail,
} from "~/models/user/personal-email.server";
import { clientKey } from "~/lib/request.server";
import { authConfig, configured } from "~/web/config.server";
import {
  PersonalEmailSection,
  type PersonalEmailReply,
} from "~/components/profile/personal-email-section";
import { getZodConstraint, parseWithZod, profileFormSchema } from "~/web/forms.server";
import { screen, type ScreenArgs } from "~/web/screen.server";

/** The edit form, and conform with it, load only when the profile is edited. */
const ProfileForm = deferred("profile-form", () =>
  import("~/components/profile/profile-form").then((m) => m.ProfileForm),
);

const DIGEST_MSG = {
  on: "Weekly digest turned on.",
  off: "Weekly digest turned off.",
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** One of the person's own checkbox settings: saved, then back to /profile with a flash. */
async function saveSetting({ failJson }: Args, save: () => Promise<void>, message: string) {
  failJson(() => ({ result: null, photoError: null }));
  await save();
  return redirectWithFlash("/profile", { kind: "success", message });
}

type Args = ScreenArgs<"college">;

/** /profile: view mode, or edit mode with ?edit (a URL, so it works without JavaScript). */
export function loader(args: LoaderFunctionArgs) {
  return screen("college", async ({ ctx }) => {
    const admin = ctx.actor.role === "admin";
    const [profile, courseGroups, digest, pending, surveyMail] = await Promise.all([
      getProfile(ctx),
      listCourseGroups(ctx.db),
      admin ? adminDigestEnabled(ctx) : null,
      admin ? null : pendingPersonalEmail(ctx),
      admin ? null : surveyMailEnabled(ctx),
    ]);
    const personal = admin
      ? null
      : {
          email: profile.personalEmail,
          pending,
          mailToPersonal: profile.mailToPersonal,
          collegeEmail: profile.email,
          collegeDomain: authConfig().collegeEmailDomain,
        };
    return json({
      profile,
      courseGroups: admin ? [] : courseGroups,
      digest,
      surveyMail,
      personal,
      // The form's HTML constraints (required, maxlength) from the schema, computed here so the
      // page needs no zod to render them (ADR 099).
      constraint: getZodConstraint(profileFormSchema),
    });
  })(args);
}

const PERSONAL_INTENTS = [
  "personal-add",
  "personal-verify",
  "personal-remove",
  "personal-mail-to",
] as const;
type PersonalIntent = (typeof PERSONAL_INTENTS)[number];
const isPersonalIntent = (v: unknown): v is PersonalIntent =>
  PERSONAL_INTENTS.includes(v as PersonalIntent);
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The 'Personal e-mail' forms: each step redirects with a notice, or answers its errors. */
async function personalAction(
  { request, ctx, failJson }: Args,
  intent: PersonalIntent,
  form: FormData,
) {
  failJson((err) => {
    const personal: PersonalEmailReply = { intent, message: err.message, fields: err.fields ?? {} };
    return { result: null, photoError: null, personal };
  });
  const c = configured(ctx);
  let message: string;
  if (intent === "personal-add") {
    const r = await requestPersonalEmail(c, {
      email: text(form, "email"),
      password: text(form, "password"),
    });
    message = r.message;
  } else if (intent === "personal-verify") {
    await verifyPersonalEmail(c, { otp: text(form, "otp").trim(), ip: clientKey(request) });
    message = PERSONAL_MSG.verified;
  } else if (intent === "personal-remove") {
    await removePersonalEmail(c, { password: text(form, "password") });
    message = PERSONAL_MSG.removed;
  } else {
    const on = form.get("mailTo") === "personal";
    await setMailToPersonal(c, on);
    message = on ? PERSONAL_MSG.mailToPersonal : PERSONAL_MSG.mailToCollege;
  }
  return redirectWithFlash("/profile", { kind: "success", message });
}

/**
 * The photo (multipart, field profilePicture), the weekly digest and the personal e-mail steps (by
 * intent), and the profile fields.
 */
export function action(args: ActionFunctionArgs) {
  return screen("college", async (a) => {
    const { request, ctx, failAny } = a;
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      failAny((err) => ({
        photoError: { message: PROFILE_MSG.photoFailed, reason: err?.message ?? null },
        result: null,
      }));
      await updateProfilePhoto(ctx, await readUpload(request, "profilePicture"));
      return redirectWithFlash("/profile", { kind: "success", message: PROFILE_MSG.photoUpdated });
    }
    const form = await request.formData();
    const intent = form.get("intent");
    if (isPersonalIntent(intent)) return personalAction(a, intent, form);
    if (intent === "digest") {
      // An administrator's own weekly digest setting (403 for anyone else, through the model).
      const on = form.get("digest") === "on";
      return saveSetting(a, () => setAdminDigest(ctx, on), on ? DIGEST_MSG.on : DIGEST_MSG.off);
    }
    if (intent === "survey-mail") {
      // A student's or alumnus's own survey-mail setting (the mails' unsubscribe sets it too).
      const on = form.get("surveyMail") === "on";
      return saveSetting(
        a,
        () => setSurveyMail(ctx, on),
        on ? "Survey invitations turned on." : "Survey invitations turned off.",
      );
    }
    const submission = parseWithZod(form, { schema: profileFormSchema });
    if (submission.status !== "success")
      return json({ result: submission.reply(), photoError: null }, { status: 400 });
    failAny((err) => ({
      result: submission.reply({
        formErrors: [PROFILE_MSG.saveFailed],
        fieldErrors: err?.fields ?? {},
      }),
      photoError: null,
    }));
    await updateProfile(ctx, submission.value);
    return redirectWithFlash("/profile", { kind: "success", message: PROFILE_MSG.saved });
  })(args);
}

export default function Profile() {
  const { profile, courseGroups, digest, surveyMail, personal, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  // A failed save stays in edit mode even though the form posted to /profile.
  const editing = params.has("edit") || !!actionData?.result;
  return (
    <main className="page page-narrow profile-page">
      <h1 className="visually-hidden">Profile</h1>
      <section className="card profile-head">
        <Avatar url={profile.avatarUrl} firstName={profile.firstName} lastName={profile.lastName} />
        <div className="profile-id">
          <h2>
            {profile.firstName} {profile.lastName}
          </h2>
          <p className="muted">
            <span className="badge">{profile.role}</span> {profile.email}
          </p>
          <PhotoForm error={actionData?.photoError ?? null} />
        </div>
      </section>
      <section className="card" aria-labelledby="profile-details">
        <div className="page-header">
          <h2 id="profile-details">{editing ? "Edit Profile" : "Profile details"}</h2>
          {editing ? null : (
            <Link
              to="/profile?edit"
              className="btn btn-primary"
              preventScrollReset
              onPointerEnter={ProfileForm.preload}
              onFocus={ProfileForm.preload}
            >
              Edit Profile
            </Link>
          )}
        </div>
        {editing ? (
          <ProfileForm
            profile={profile}
            courseGroups={courseGroups}
            lastResult={actionData?.result}
            constraint={constraint}
            fallback={
              <p className="muted" role="status">
                Loading the form…
              </p>
            }
          />
        ) : (
          <ProfileView profile={profile} />
        )}
      </section>
      {personal ? (
        <PersonalEmailSection
          view={personal}
          reply={
            actionData && "personal" in actionData
              ? (actionData.personal as PersonalEmailReply)
              : null
          }
        />
      ) : null}
      {digest !== null ? (
        <SettingForm
          id="profile-digest"
          title="Weekly digest"
          intent="digest"
          name="digest"
          checked={digest}
          label="Weekly digest: e-mail me every Monday the jobs I posted that close within 7 days and the jobs waiting for approval for more than 3 days"
        />
      ) : null}
      {surveyMail !== null ? (
        <SettingForm
          id="profile-survey-mail"
          title="Survey e-mails"
          intent="survey-mail"
          name="surveyMail"
          checked={surveyMail}
          label="E-mail me survey invitations (and reminders while I have not answered)"
        />
      ) : null}
    </main>
  );
}

/** One of the person's own on/off settings: a checkbox and Save, posted without JavaScript. */
function SettingForm(p: {
  id: string;
  title: string;
  intent: string;
  name: string;
  checked: boolean;
  label: string;
}) {
  return (
    <section className="card" aria-labelledby={p.id}>
      <h2 id={p.id}>{p.title}</h2>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={p.intent} />
        <label className="checkbox-field">
          <input type="checkbox" name={p.name} defaultChecked={p.checked} /> {p.label}
        </label>
        <p>
          <button type="submit" className="btn">
            Save
          </button>
        </p>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Profile · Runway" },
  { name: "description", content: "Your Runway profile: your details, course and contact e-mail." },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
