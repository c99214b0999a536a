package promptsafe

// identityIndex finds every occurrence of every identity in one pass over a text, whatever
// the number of identities (Aho–Corasick): a scrub costs one scan of the text instead of one
// per identity. Matches overlap as strings.Index-per-identity would find them; whole-word
// filtering is the caller's.
type identityIndex struct {
	class  [256]uint8 // byte → column of delta; 0 for bytes no identity holds
	width  int        // columns per state
	delta  []int32    // state*width + class → next state
	ends   [][]int32  // state → lengths of the identities that end there
	hasAny bool
}

func newIdentityIndex(ids []string) *identityIndex {
	x := &identityIndex{width: 1}
	for _, id := range ids {
		for i := 0; i < len(id); i++ {
			if x.class[id[i]] == 0 {
				x.class[id[i]] = uint8(x.width)
				x.width++
			}
		}
	}
	if x.width > 256 { // cannot happen: 255 distinct bytes at most, plus the "other" column
		panic("identity index: too many byte classes")
	}
	// The trie; -1 marks a missing edge until the failure links fill it in.
	newState := func() int32 {
		for range x.width {
			x.delta = append(x.delta, -1)
		}
		x.ends = append(x.ends, nil)
		return int32(len(x.ends) - 1)
	}
	newState()
	for _, id := range ids {
		if id == "" {
			continue
		}
		x.hasAny = true
		s := int32(0)
		for i := 0; i < len(id); i++ {
			e := int(s)*x.width + int(x.class[id[i]])
			if x.delta[e] < 0 {
				n := newState()
				x.delta[e] = n
			}
			s = x.delta[e]
		}
		x.ends[s] = append(x.ends[s], int32(len(id)))
	}
	// Breadth first: a state's failure state is shallower, so its ends and edges are final.
	fail := make([]int32, len(x.ends))
	queue := make([]int32, 0, len(x.ends))
	for c := range x.width {
		if n := x.delta[c]; n > 0 {
			fail[n] = 0
			queue = append(queue, n)
		} else {
			x.delta[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		x.ends[s] = append(x.ends[s], x.ends[fail[s]]...)
		for c := range x.width {
			e := int(s)*x.width + c
			if n := x.delta[e]; n >= 0 {
				fail[n] = x.delta[int(fail[s])*x.width+c]
				queue = append(queue, n)
			} else {
				x.delta[e] = x.delta[int(fail[s])*x.width+c]
			}
		}
	}
	return x
}

// spans returns the whole-word occurrences of every identity in text (lower-cased as the
// identities are), in no particular order.
func (x *identityIndex) spans(text string) [][2]int {
	if !x.hasAny {
		return nil
	}
	var out [][2]int
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = x.delta[int(s)*x.width+int(x.class[text[i]])]
		for _, n := range x.ends[s] {
			start, end := i+1-int(n), i+1
			if wordEdge(text, start, end) {
				out = append(out, [2]int{start, end})
			}
		}
	}
	return out
}
