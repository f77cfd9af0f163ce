// Package diff answers "what changed in the rules?" between two revisions
// of a page, at three levels: the text (a line diff with word-level
// highlighting), the sections (added, removed, modified, renamed, moved, or
// changed level), and the rule tables (rows added and removed, matched by
// their key column; cell values changed; columns renamed; the table
// renamed or moved; or a formatting-only change).
//
// Identity follows content: a section whose title changed is the same
// section when its text mostly survived (SectionSimilarity), and a table
// whose id changed with its section is the same table when its content is
// alike (TableSimilarity) or it sits at the same place in a section the
// section diff paired. Compare reports the changes; a Blamer follows the
// same pairing through a whole history, one revision after another, to say
// which revision set each cell of a table (Blame).
package diff
