/** The field order of every content object, written into the admin script by cms/bundle.ts. */
declare const CMS_FIELD_SHAPES: string[][]
