/** A moment as staff read it: date and time to the minute, UTC, the same on the server's render and the browser's. */
export function When({ at }: { at: Date | string }) {
  const iso = new Date(at).toISOString();
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}
