// `react/jsx-runtime` in the preview bundle, on the CMS's createElement (which keeps props.children
// when it is given no further arguments).
const React = require("react")

const jsx = (type, props, key) => React.createElement(type, key === undefined ? props : { ...props, key })

module.exports = { jsx, jsxs: jsx, Fragment: React.Fragment }
