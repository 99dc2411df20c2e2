/**
 * What follows a registration on /register: the code dialog, or straight on to sign-in when the
 * server says no verification is needed. Closing the dialog without a code keeps the account
 * waiting: it continues on /verify-otp. Loaded with the dialog, while the form is posted, not with
 * the page.
 */
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { notify } from "../ui/notify";
import { VerificationModal } from "./verification-modal";

export function AfterRegistration({
  registered,
}: {
  /** The register action's answer: the address and the signed verification state. */
  registered: { email: string; state: string; requiresVerification?: boolean };
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (registered.requiresVerification === false) navigate("/login?justRegistered=1");
    else {
      // An earlier try's error notice would contradict the dialog that says it worked.
      notify.dismiss();
      setOpen(true);
    }
  }, [registered, navigate]);

  const onVerified = useCallback(
    () => navigate("/login?justVerified=1", { replace: true }),
    [navigate],
  );
  const onClose = useCallback(() => {
    setOpen(false);
    navigate(`/verify-otp?s=${encodeURIComponent(registered.state)}`);
  }, [navigate, registered]);

  return (
    <VerificationModal
      open={open}
      email={registered.email}
      state={registered.state}
      onVerified={onVerified}
      onClose={onClose}
    />
  );
}
