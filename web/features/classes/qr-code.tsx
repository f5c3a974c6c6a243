import { renderSVG } from 'uqr';

/** A QR code of `text`, drawn here as SVG (no outside service sees the join link). */
export function QrCode({
  text,
  label,
  className = 'size-40',
}: {
  text: string;
  label: string;
  /** Its size (a square): 160 px on the class page, most of the screen's height on the projector. */
  className?: string;
}) {
  const svg = renderSVG(text, { border: 2, whiteColor: '#ffffff', blackColor: '#000000' });
  return (
    <div
      role="img"
      aria-label={label}
      className={`${className} shrink-0 rounded bg-white p-1 [&_svg]:size-full`}
      // The SVG is generated from our own join link by uqr, not taken from any input as markup.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated locally from a URL string
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
