package extract

import _ "embed"

// Schema is the JSON Schema of the output of "wikirules extract --format
// json" (the YAML form has the same structure).
//
//go:embed schema.json
var Schema []byte
