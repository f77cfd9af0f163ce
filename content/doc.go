// Package content is wikirules' embedded default corpus: game rule pages
// with their revision histories (as a contribution feed and as an XML
// export), template definitions, rule-check specs, engine constants and the
// site's Markdown pages. All of it is written by the wikirules authors.
//
// Commands run on it when given no inputs, so the tool can be tried, and
// tested, on a fresh machine with nothing else.
package content
