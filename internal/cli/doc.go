// Package cli implements the wikirules command line: one cobra command per
// subcommand, sharing how inputs are named and loaded.
package cli
