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
  const press = (key: string) => {
    if (key === '⌫') return onChange(value.slice(0, -1));
    if (key === '.' && value.includes('.')) return;
    // Two decimals at most: a distance is to the centimetre.
    if (/\.\d{2}$/.test(value)) return;
    if (value.length >= 6) return;
    onChange(value + key);
  };
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
