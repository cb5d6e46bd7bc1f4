/** The field tree of every document the CMS writes, put into the admin script by cms/bundle.ts. */
declare const CMS_DOCUMENTS: import("../format").DocumentTree[]
/** Where the content is published (the repository, its branch, the content's folder), put into the admin script by cms/bundle.ts. */
declare const CMS_REPOSITORY_CONTENT: { repo: string; branch: string; folder: string }
