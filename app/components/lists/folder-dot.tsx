/** A folder's colour as a dot; the folder's name stands beside it as text, so the dot is hidden from assistive technology. */
export function FolderDot({ color, className }: { color: string; className: string }) {
  return <span aria-hidden="true" className={className} style={{ backgroundColor: color }} />;
}
