// Package diff answers "what changed in the rules?" between two revisions
// of a page, at three levels: the text (a line diff with word-level
// highlighting), the sections (added, removed, modified, renamed, moved, or
// changed level), and the rule tables (rows added and removed, matched by
// their key column; cell values changed; or a formatting-only change).
package diff
