package site

// ContentSecurityPolicy is the policy of every page of the site: the
// layouts carry it in a <meta http-equiv> (.Site.CSP), and serve sends it
// as a header too. Scripts and styles come from the site's own files only
// (no inline script, so markup that slipped past the sanitizer could not
// run); inline style attributes stay allowed, as wiki pages use them.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

// MediaContentSecurityPolicy is the header serve sends with uploaded files
// (media/…) and any other file that is not a page of the site: opened
// directly, an SVG or XML file runs in a sandbox with no script. A host
// that publishes files of MediaAllow types should send it for media/ too.
const MediaContentSecurityPolicy = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'"
