/** The totals under a results table: matching results and the database total. */
export function ListTotals({ matching, database }: { matching: number; database: number | null }) {
  const n = (v: number) => String(v);
  return (
    <p className="text-sm text-slate-700">
      {database === null ? (
        `Showing ${n(matching)} results`
      ) : (
        <>
          {n(matching)} matching results. {n(database)} in database.
        </>
      )}
    </p>
  );
}
