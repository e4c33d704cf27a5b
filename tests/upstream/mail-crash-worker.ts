/**
 * A delivery worker in its own process, for the crash test of mail-delivery.test.ts: it sends what is due on
 * the database given, through the SMTP server given. The test's server kills it once a message has arrived,
 * before the worker can mark the row sent.
 *   node --import tsx tests/upstream/mail-crash-worker.ts <db path> <smtp url>
 */
import { openDatabase } from "../../upstream/db/index";
import { createDelivery } from "../../upstream/mail/delivery";
import { smtpTransport } from "../../upstream/mail/service";

const [dbPath, smtpUrl] = process.argv.slice(2);
const db = openDatabase(dbPath);
const delivery = createDelivery({
  db,
  transport: smtpTransport(smtpUrl),
  from: "Project Leads <no-reply@leads.test>",
});
const summary = await delivery.deliverDue();
console.log(JSON.stringify(summary));
db.close();
