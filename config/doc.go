// Package config reads wikirules.yaml, the configuration file of a wiki's
// site: what to read (inputs, title prefixes, template definitions), how
// to name and link things (the site's title and address, the wiki's
// address, game names) and where the site's parts are (checks, engine
// constants, layouts, Markdown content, media).
//
// A command reads wikirules.yaml from the working directory (or the file
// --config names) and lets its flags override it; a Go program loads it
// with Load and gets the library's configuration from it (Wiki, Site).
// Keys are the flags' names with underscores; relative paths are read
// from the file's directory, as Hugo reads its config. An unknown key, a
// value of the wrong type or a directory that is not there is an error
// naming the file and line.
package config
