// Package yamlstrict decodes YAML written by people (wikirules.yaml, the
// front matter of Markdown notes) into a struct, refusing what the struct
// does not have: a misspelt key is an error naming its file and line, with
// the nearest known key, rather than a setting silently ignored.
package yamlstrict
