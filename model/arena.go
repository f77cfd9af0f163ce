package model

// A NodeArena hands out nodes from arrays it keeps: a site build parses
// page after page, and the arrays of the nodes of a page it is done with
// serve the next one, where new arrays would each be allocated, zeroed,
// faulted in and collected (the nodes were a sixth of a build's
// allocation). Whoever owns the arena calls Reset when nothing refers to
// the nodes it handed out any more: they are then zeroed and handed out
// again. A nil *NodeArena allocates every array. Not safe for concurrent
// use.
type NodeArena struct {
	chunks [][]Node
	used   []int  // how many nodes of each chunk before cur were handed out
	cur    int    // the chunk free is in
	free   []Node // what is left of chunks[cur]
	// poison: Reset fills the nodes with poisonNode and Nodes zeroes
	// them as it hands them out (PoisonedNodeArena).
	poison bool
}

// PoisonedNodeArena is a NodeArena for tests: Reset fills the nodes it
// frees with a text no page has, so that a node used after Reset shows in
// what is made of it.
func PoisonedNodeArena() *NodeArena { return &NodeArena{poison: true} }

const (
	// arenaChunk is the size of an arena's arrays, in nodes: about 100
	// KB, a few pages' worth. A larger request gets an array of its own
	// size.
	arenaChunk = 1024
	// arenaKeep bounds the nodes an arena keeps across Reset (about 25
	// MB): the arrays of an outsized page are left to the collector
	// rather than held by a worker for the rest of a build.
	arenaKeep = 256 * arenaChunk
)

// Nodes returns n zeroed nodes, in one array whose capacity is n.
func (a *NodeArena) Nodes(n int) []Node {
	if a == nil {
		return make([]Node, n)
	}
	if len(a.free) < n {
		a.next(n)
	}
	s := a.free[:n:n]
	a.free = a.free[n:]
	if a.poison {
		clear(s)
	}
	return s
}

// next makes free the first array after the current one that holds n
// nodes, or a new one.
func (a *NodeArena) next(n int) {
	if len(a.chunks) > 0 {
		a.used[a.cur] = len(a.chunks[a.cur]) - len(a.free)
	}
	for a.cur+1 < len(a.chunks) {
		a.cur++
		if c := a.chunks[a.cur]; len(c) >= n {
			a.free = c
			return
		}
	}
	c := make([]Node, max(n, arenaChunk))
	a.chunks = append(a.chunks, c)
	a.used = append(a.used, 0)
	a.cur = len(a.chunks) - 1
	a.free = c
}

// Reset makes every node the arena handed out free again: the nodes
// handed out are zeroed (not the rest of their arrays), and the arrays
// past arenaKeep nodes are dropped.
func (a *NodeArena) Reset() {
	if a == nil || len(a.chunks) == 0 {
		return
	}
	a.used[a.cur] = len(a.chunks[a.cur]) - len(a.free)
	kept, total := 0, 0
	for i, c := range a.chunks {
		used := 0
		if i <= a.cur {
			used = a.used[i]
		}
		if a.poison {
			for j := range c[:used] {
				c[j] = poisonNode
			}
		} else {
			clear(c[:used])
		}
		if total+len(c) > arenaKeep {
			continue // left to the collector
		}
		total += len(c)
		a.chunks[kept] = c
		kept++
	}
	clear(a.chunks[kept:])
	a.chunks, a.used = a.chunks[:kept], a.used[:kept]
	clear(a.used)
	a.cur, a.free = 0, nil
	if kept > 0 {
		a.free = a.chunks[0]
	}
}

// poisonNode is what a poisoned arena's free nodes hold.
var poisonNode = Node{Kind: KindText, Text: "\x00POISONED NODE\x00"}
