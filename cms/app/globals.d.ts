/** The field tree of every document the CMS writes, put into the admin script by cms/bundle.ts. */
declare const CMS_DOCUMENTS: import("../format").DocumentTree[]
/** Every other language's texts of the content all previews share, as of the build (cms/site-texts.ts). */
declare const CMS_SITE_TEXTS: import("../site-texts").SiteTexts
