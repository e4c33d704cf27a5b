import type { SeedContext } from "./context";

/**
 * A few near-duplicates, always the same ones (the Merge & fix tab's material besides the directory's random
 * ones): the last three companies become copies of the first three, written a little differently — the name
 * with a legal form, the name in capitals with another, and a company under its own name on the same website.
 * They keep their own locations and people, so a merge has something to move. No random numbers are drawn,
 * so the rest of the seed stays as it was.
 */
export function seedNearDuplicates(ctx: SeedContext, companyCount: number) {
  const { db } = ctx;
  if (companyCount < 10) return;
  const company = db.prepare<[number], { name: string; url: string | null }>(
    "SELECT name, url FROM companies WHERE id = ?",
  );
  const rename = db.prepare("UPDATE companies SET name = ?, url = ? WHERE id = ?");
  const retype = db.prepare("DELETE FROM company_company_types WHERE company_id = ?");
  const copyTypes = db.prepare(
    `INSERT OR IGNORE INTO company_company_types (company_id, company_type_id)
     SELECT ?, company_type_id FROM company_company_types WHERE company_id = ?`,
  );
  const variants: ((name: string, url: string | null, own: string) => [string, string | null])[] = [
    (name, url) => [`${name}, Inc.`, url],
    (name, url) => [`${name.toUpperCase()} LLC`, url ? url.replace(/^www\./, "http://") : url],
    (_name, url, own) => [own, url ? `https://${url.replace(/^(https?:\/\/)?(www\.)?/, "")}/about` : url],
  ];
  variants.forEach((variant, k) => {
    const source = company.get(k + 1);
    const target = companyCount - k;
    const own = company.get(target);
    if (!source || !own) return;
    const [name, url] = variant(source.name, source.url, own.name);
    rename.run(name, url, target);
    retype.run(target);
    copyTypes.run(target, k + 1);
  });
}
