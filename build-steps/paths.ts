import path from "node:path"

/** Folder of the editable content, relative to the project root. */
export const CONTENT_DIR = path.resolve(__dirname, "..", "content")

/** Folder of the photos, inside the content folder: where the CMS uploads them (the model's). */
export { IMAGES_FOLDER } from "../model/relations"
