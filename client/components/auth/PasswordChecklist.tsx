import { passwordRules } from '../../../shared/password.ts';

/** The live checklist of the password rules, ticked as the user types. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul className="password-rules" id={id} aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'is-met' : undefined}>
            <span className="password-rule-mark" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
