/**
 * The current URL's search parameters as hidden inputs, for a GET form that reloads the same page with one
 * parameter changed (a header menu without JavaScript, the nudge's Later): nothing else in the URL is lost.
 */
export function CurrentSearchFields({ search, omit = [] }: { search: string; omit?: readonly string[] }) {
  const entries = [...new URLSearchParams(search)].filter(([key]) => !omit.includes(key));
  return entries.map(([key, value], i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat, even with the same value
    <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
  ));
}
