// `react` in the preview bundle (gatsby/cms-preview.ts): the CMS's React, so the site's components
// render in its tree. CommonJS, so `import { useState }` and `require("react")` alike see the module.
module.exports = require("./find-cms-react").findCmsReact()
