// Package suggest finds the names nearest to a mistyped one, for the "did
// you mean …?" of error messages: page titles, game slugs, table ids,
// columns and engine keys.
//
// Names are compared case-insensitively by their optimal string alignment
// distance (Levenshtein distance where swapping two neighbouring letters
// counts as one edit), so "Gamehelphaerts" finds "Gamehelphearts" and "cnt"
// finds "count".
package suggest
