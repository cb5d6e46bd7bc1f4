/** The field tree of every document the CMS writes, put into the admin script by cms/bundle.ts. */
declare const CMS_DOCUMENTS: import("../format").DocumentTree[]
