import { Hono } from "hono";
import { z } from "zod";
import { endpoints } from "../../contract/endpoints";
import {
  CreateTagRequest,
  isDefaultTagColor,
  MAX_FOLDERS_PER_TYPE,
  TAG_PALETTE,
  UpdateTagRequest,
} from "../../contract/tags";
import type { Tag } from "../../contract/user";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";
import { Id, numeric } from "../params";

const TOO_MANY_FOLDERS = `You can have at most ${MAX_FOLDERS_PER_TYPE} folders.`;
const DEFAULT_NOT_DELETABLE = "Default folders cannot be deleted.";
const DEFAULT_NOT_RECOLOURABLE = "The colour of a default folder cannot be changed.";
/** Decision 040: the four default colours belong to the four default folders; no other folder may take one. */
const DEFAULT_COLOUR_RESERVED = "The four default colours are kept for the default folders.";
const FOLDER_NOT_FOUND = "A folder with this ID could not be found.";
const FOLDER_DELETED = "The folder was deleted.";
const PALETTE_COLORS = TAG_PALETTE.map((c) => c.color.toLowerCase());

const Name = z.string().trim().min(1).max(50, "The name may not be greater than 50 characters.");
const Color = z
  .string()
  .trim()
  .min(1)
  .transform((s) => s.toLowerCase())
  .refine((s) => PALETTE_COLORS.includes(s), { message: "The selected color is invalid." });

const CreateBody = CreateTagRequest.extend({
  tag_type: z.preprocess(numeric, CreateTagRequest.shape.tag_type),
  name: Name,
  color: Color,
});
const UpdateBody = UpdateTagRequest.extend({
  id: Id,
  name: Name,
  color: z.preprocess((v) => (v === "" || v === null ? undefined : v), Color.optional()),
});

/** Users/Me/Tags: the member's project (1) and contact (2) folders. */
export function tagRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const countOfType = db
    .prepare<[number, number], number>("SELECT count(*) FROM tags WHERE user_id = ? AND tag_type = ?")
    .pluck();
  const insert = db.prepare(
    "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const own = db.prepare<[number, number], Tag>(
    "SELECT id, name, color, tag_type FROM tags WHERE id = ? AND user_id = ?",
  );
  const update = db.prepare("UPDATE tags SET name = ?, color = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM tags WHERE id = ?");
  const clearLinks = [
    db.prepare("UPDATE user_projects SET tag_id = NULL WHERE tag_id = ?"),
    db.prepare("UPDATE user_contacts SET tag_id = NULL WHERE tag_id = ?"),
    db.prepare("UPDATE user_companies SET tag_id = NULL WHERE tag_id = ?"),
  ];

  const app = new Hono<AppEnv>();
  const { createFolder, updateFolder, deleteFolder } = endpoints;

  app.on(createFolder.method, createFolder.route, auth, async (c) => {
    const body = await readBody(c, CreateBody);
    const userId = c.get("userId");
    if (isDefaultTagColor(body.color))
      throw new ApiError(422, DEFAULT_COLOUR_RESERVED, { color: [DEFAULT_COLOUR_RESERVED] });
    const tag = writeTransaction(db, () => {
      if (countOfType.get(userId, body.tag_type)! >= MAX_FOLDERS_PER_TYPE)
        throw new ApiError(422, TOO_MANY_FOLDERS);
      const id = Number(
        insert.run(userId, body.name, body.color, body.tag_type, deps.now().toISOString()).lastInsertRowid,
      );
      return own.get(id, userId)!;
    })();
    return c.json({ data: tag, message: "The folder was created." }, 201);
  });

  app.on(updateFolder.method, updateFolder.route, auth, async (c) => {
    const body = await readBody(c, UpdateBody);
    const userId = c.get("userId");
    const tag = own.get(body.id, userId);
    if (!tag) throw notFound(FOLDER_NOT_FOUND);
    let color = tag.color;
    if (body.color !== undefined && body.color !== tag.color.toLowerCase()) {
      if (isDefaultTagColor(tag.color))
        throw new ApiError(422, DEFAULT_NOT_RECOLOURABLE, { color: [DEFAULT_NOT_RECOLOURABLE] });
      if (isDefaultTagColor(body.color))
        throw new ApiError(422, DEFAULT_COLOUR_RESERVED, { color: [DEFAULT_COLOUR_RESERVED] });
      color = body.color;
    }
    update.run(body.name, color, tag.id);
    return c.json({ data: own.get(tag.id, userId)!, message: "The folder was saved." });
  });

  app.on(deleteFolder.method, deleteFolder.route, auth, (c) => {
    const userId = c.get("userId");
    const tag = own.get(idParam(c), userId);
    if (!tag) throw notFound(FOLDER_NOT_FOUND);
    if (isDefaultTagColor(tag.color)) throw new ApiError(422, DEFAULT_NOT_DELETABLE);
    writeTransaction(db, () => {
      for (const s of clearLinks) s.run(tag.id);
      remove.run(tag.id);
    })();
    return c.json({ message: FOLDER_DELETED });
  });

  return app;
}
