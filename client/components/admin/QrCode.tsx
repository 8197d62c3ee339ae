import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * A QR code of `text` as SVG squares: the module grid from the `qrcode` library, drawn here so
 * no markup is injected and the page's content security policy needs no exception.
 */
export function QrCode({
  text,
  label,
  size = 200,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y += 1) {
      for (let x = 0; x < modules.size; x += 1) {
        if (modules.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
      }
    }
    return { d, cells: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.cells} ${path.cells}`}
      shapeRendering="crispEdges"
    >
      <rect width={path.cells} height={path.cells} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
