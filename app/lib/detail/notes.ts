/** Newest note first (created_at, then id); the newest is shown, the rest go under 'Older notes'. */
export function splitNotes<N extends { id: number; created_at: string | null }>(notes: readonly N[]) {
  const sorted = [...notes].sort((a, b) => {
    const byDate = Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? "");
    return Number.isNaN(byDate) || byDate === 0 ? b.id - a.id : byDate;
  });
  return { newest: sorted[0] ?? null, older: sorted.slice(1) };
}
