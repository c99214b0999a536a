package githubfake

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// search answers Query.search. type DISCUSSION is modelled; other types return no results
// (and are listed as unimplemented at cleanup). Each call advances the search clock that
// SetSearchLag counts in.
func (x *execCtx) search(args map[string]any) (any, error) {
	q, _ := strArg(args, "query")
	typ, _ := strArg(args, "type")
	x.f.searchCalls++
	var found []object
	if typ == "DISCUSSION" {
		sq := parseSearch(q)
		for _, d := range x.f.allDiscussions() {
			if x.f.searchCalls > d.searchableAfter && x.canSee(d.repo) && sq.matches(d) {
				found = append(found, discussionObj{d})
			}
		}
	} else {
		x.f.unimplemented["search(type: "+typ+")"] = true
	}
	c, err := paginate("SearchResultItemConnection", "search", found, args)
	if err != nil {
		return nil, err
	}
	c.extra = map[string]any{"discussionCount": len(found), "issueCount": 0, "codeCount": 0,
		"repositoryCount": 0, "userCount": 0, "wikiCount": 0}
	return c, nil
}

// allDiscussions lists every discussion, newest first (ties by creation order).
func (f *Fake) allDiscussions() []*discussion {
	var ds []*discussion
	for _, r := range f.st.repos {
		ds = append(ds, r.discussions...)
	}
	slices.SortFunc(ds, func(a, b *discussion) int {
		if c := b.createdAt.Compare(a.createdAt); c != 0 {
			return c
		}
		return cmp.Compare(b.id, a.id)
	})
	return ds
}

// searchQuery is a parsed discussion search: qualifiers AND keywords, case-insensitive.
type searchQuery struct {
	repos, owners, categories, labels, authors []string
	in                                         map[string]bool // title, body, comments
	is                                         []string
	phrases                                    [][]string // each must appear as consecutive words
}

func parseSearch(q string) searchQuery {
	sq := searchQuery{in: map[string]bool{}}
	for _, tok := range searchTokens(q) {
		key, val, isQual := strings.Cut(tok, ":")
		val = strings.ToLower(strings.Trim(val, `"`))
		switch k := strings.ToLower(key); {
		case !isQual || strings.HasPrefix(tok, `"`):
			sq.addPhrase(tok)
		case k == "repo":
			sq.repos = append(sq.repos, val)
		case k == "user" || k == "org":
			sq.owners = append(sq.owners, val)
		case k == "category":
			sq.categories = append(sq.categories, val)
		case k == "label":
			sq.labels = append(sq.labels, val)
		case k == "author":
			sq.authors = append(sq.authors, val)
		case k == "in":
			for _, f := range strings.Split(val, ",") {
				sq.in[f] = true
			}
		case k == "is":
			sq.is = append(sq.is, val)
		default: // not a qualifier GitHub knows: searched as text
			sq.addPhrase(tok)
		}
	}
	if len(sq.in) == 0 {
		sq.in = map[string]bool{"title": true, "body": true, "comments": true}
	}
	return sq
}

func (sq *searchQuery) addPhrase(tok string) {
	if ws := words(tok); len(ws) > 0 {
		sq.phrases = append(sq.phrases, ws)
	}
}

// searchTokens splits on spaces, keeping "quoted phrases" and key:"quoted values" whole.
func searchTokens(q string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for _, r := range q {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case unicode.IsSpace(r) && !quoted:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// words lower-cases s and splits it into runs of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
