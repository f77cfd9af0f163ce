// Package templates holds the site's page templates (html/template) and
// static assets, embedded in the binary, and lets a user directory replace
// any of them file by file.
//
// A page template (home.html, page.html, …) defines "main" and, if it
// likes, "head" and "title"; base.html lays out every page around them and
// partials.html holds the small pieces pages share. Every other .html file
// is a partial available to all pages, so a user can add their own. The
// data each page receives is documented in package site.
package templates
