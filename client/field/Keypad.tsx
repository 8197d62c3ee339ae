/**
 * A key pressed on the pad (or typed on a keyboard): a digit, the decimal point or delete,
 * kept to what a mark can be, metres to the centimetre.
 */
export function typed(value: string, key: string): string {
  if (key === '⌫' || key === 'Backspace') return value.slice(0, -1);
  if (key === '.' && value.includes('.')) return value;
  if (/\.\d{2}$/.test(value) || value.length >= 6) return value;
  return value + key;
}

/** A numeric pad: big keys a thumb can hit in the sun, for a distance or a bar height. */
export function Keypad({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const press = (key: string) => onChange(typed(value, key));
  return (
    <div className="field-keypad" role="group" aria-label={label}>
      {['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '⌫'].map((key) => (
        <button
          key={key}
          type="button"
          className="field-key"
          onClick={() => press(key)}
          aria-label={key === '⌫' ? 'Delete last digit' : key === '.' ? 'Decimal point' : key}
        >
          {key}
        </button>
      ))}
    </div>
  );
}
