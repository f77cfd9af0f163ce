// Package atomic writes files and directories so that readers see either
// the old version or the complete new one, never a partial write: output
// goes to a temporary name in the same directory and is renamed into place.
package atomic
