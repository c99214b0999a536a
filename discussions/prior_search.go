package discussions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/shurcooL/githubv4"
)

// maxKeywords bounds the search words: GitHub ANDs them, so more words find less.
const maxKeywords = 4

// stopwords are words too common to say what a question is about.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the and for are but not you all any can had her was one our out
		has his how its may new now old see two way who did get let put say she too use with that this
		from they will would should could what when where which while have been were than then them
		there their these those into over under about after before again also just only more most
		other some such very does doing done make made want need like each because between whether
		we us it is be to of in on or an as at by if so do no up my me`) {
		stopwords[w] = true
	}
}

// keywords picks the words of a question that say what it is about: no stopwords, no short
// words, the longest few in their original order.
func keywords(question string) []string {
	var words []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len([]rune(w)) < 3 || stopwords[w] || seen[w] {
			continue
		}
		seen[w] = true
		words = append(words, w)
	}
	if len(words) <= maxKeywords {
		return words
	}
	ranked := slices.Clone(words)
	slices.SortStableFunc(ranked, func(a, b string) int { return len([]rune(b)) - len([]rune(a)) })
	keep := map[string]bool{}
	for _, w := range ranked[:maxKeywords] {
		keep[w] = true
	}
	return slices.DeleteFunc(words, func(w string) bool { return !keep[w] })
}

type searchQuery struct {
	Search struct {
		Nodes []struct {
			Discussion struct {
				Number    int
				Title     string
				URL       string `graphql:"url"`
				Body      string
				CreatedAt time.Time
				Author    *author
			} `graphql:"... on Discussion"`
		}
	} `graphql:"search(query: $q, type: DISCUSSION, first: $first)"`
}

// priorSearchHits is how many search hits the check reads: enough that look-alike
// discussions someone else opened cannot crowd our own decisions out of the few it shows.
const priorSearchHits = 50

// FindPrior searches the repository's decision category for discussions on the question's
// topic: at most MaxPriorMatches decisions war-room recorded (Ours) and at most as many
// other discussions, never the decision log. Search lags behind writes by design; the check
// is advice, not a lock.
func (p *Publisher) FindPrior(ctx context.Context, repo Repo, question string) ([]PriorMatch, error) {
	defer p.begin()()
	kw := keywords(question)
	if len(kw) == 0 {
		return nil, nil
	}
	hits, err := p.search(ctx, repo, kw, priorSearchHits)
	var out []PriorMatch
	var ours, others int
	for _, h := range hits {
		if h.Ours && ours < maxPriorMatches || !h.Ours && others < maxPriorMatches {
			out = append(out, h)
		}
		if h.Ours {
			ours++
		} else {
			others++
		}
	}
	return out, err
}

// search runs a discussion search restricted to the repository and category. GitHub ANDs
// the terms.
func (p *Publisher) search(ctx context.Context, repo Repo, terms []string, limit int) ([]PriorMatch, error) {
	var out []PriorMatch
	err := p.retry(ctx, "search decisions", func(ctx context.Context) error {
		info, err := p.lookup(ctx, repo)
		if err != nil {
			return err
		}
		if why := unavailable(info, p.Category, repo); why != "" {
			p.warn("search skipped: " + why)
			return nil
		}
		q := fmt.Sprintf("repo:%s category:%q in:title,body %s", repo, info.category.Name, strings.Join(terms, " "))
		var s searchQuery
		vars := map[string]any{"q": githubv4.String(q), "first": githubv4.Int(min(limit+1, 100))}
		if err := p.c.query(ctx, "search", &s, vars); err != nil {
			return fmt.Errorf("search %s: %w", repo, err)
		}
		out = out[:0]
		for _, n := range s.Search.Nodes {
			d := n.Discussion
			if d.Number == 0 || d.Title == LogTitle && d.Author.is(info.login) {
				continue
			}
			m := PriorMatch{Number: d.Number, Title: d.Title, URL: d.URL, CreatedAt: d.CreatedAt,
				Ours: isOurDecision(d.Author, d.Body, info.login)}
			if mk, ok := ParseMarker(d.Body); ok && m.Ours {
				m.Session = mk.Session
			}
			out = append(out, m)
		}
		return nil
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, err
}
