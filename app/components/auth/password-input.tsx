/** A password field with a show/hide toggle. The toggle appears only with JavaScript. */
import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

export function PasswordInput({
  id,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string }) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="password-input">
      <input
        {...props}
        id={id}
        className={className}
        type={visible ? "text" : "password"}
        spellCheck={false}
        autoCapitalize="off"
      />
      {hydrated ? (
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? "Hide" : "Show"}
          <span className="visually-hidden"> password</span>
        </button>
      ) : null}
    </div>
  );
}
