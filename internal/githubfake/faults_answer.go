package githubfake

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
)

func (f *Fake) answerFault(w http.ResponseWriter, r *http.Request, body []byte, c *Call, actor *user, fe *faultEntry) {
	switch fe.Kind {
	case ServerError:
		if fe.Applied {
			f.dispatchDiscarding(r, body, c, actor)
		}
		f.writeServerError(w, c, orInt(fe.Status, http.StatusBadGateway))
	case SecondaryRateLimit:
		f.writeSecondaryLimit(w, c, orInt(fe.Status, http.StatusForbidden), fe.RetryAfter)
	case PrimaryRateLimit:
		f.writePrimaryLimit(w, c, actor, fe.Status)
	case GraphQLError:
		if fe.Applied {
			f.dispatchDiscarding(r, body, c, actor)
		}
		f.writeGraphQLError(w, c, fe)
	case Slow:
		f.answerSlow(w, r, body, c, actor, fe)
	case ErrorBody:
		if fe.Applied {
			f.dispatchDiscarding(r, body, c, actor)
		}
		if c.GraphQL {
			f.writeGraphQLError(w, c, fe)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"message": orStr(fe.Message, "Something went wrong"),
			"documentation_url": restDocs})
	case Hang:
		if fe.Applied {
			f.dispatchDiscarding(r, body, c, actor)
		}
		c.hung = true
		if fe.OnHold != nil {
			fe.OnHold()
		}
		select {
		case <-r.Context().Done():
		case <-f.done:
		}
	}
}

// writeGraphQLError answers HTTP 200 with data null for the matched root fields and one
// errors entry.
func (f *Fake) writeGraphQLError(w http.ResponseWriter, c *Call, fe *faultEntry) {
	data := map[string]any{}
	for _, k := range c.keys {
		data[k] = nil
	}
	ge := gqlError{Type: orStr(fe.Type, "INTERNAL"), Message: orStr(fe.Message, "Something went wrong while executing your query.")}
	if len(c.keys) > 0 {
		ge.Path = []any{c.keys[0]}
	}
	c.Errors = []string{ge.Message}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "errors": []gqlError{ge}})
}

func (f *Fake) answerSlow(w http.ResponseWriter, r *http.Request, body []byte, c *Call, actor *user, fe *faultEntry) {
	if !fe.Applied {
		f.sleep(r, fe.Delay)
		f.writeServerError(w, c, orInt(fe.Status, http.StatusBadGateway))
		return
	}
	rec := httptest.NewRecorder()
	f.dispatch(rec, r, body, c, actor)
	f.sleep(r, fe.Delay)
	maps.Copy(w.Header(), rec.Header())
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// sleep waits d, or less if the client hangs up or the test ends.
func (f *Fake) sleep(r *http.Request, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	case <-f.done:
	}
}

func (f *Fake) writeServerError(w http.ResponseWriter, c *Call, status int) {
	if c.GraphQL {
		msg := "Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. Please include `" + c.RequestID + "` when reporting this issue."
		c.Errors = []string{msg}
		writeJSON(w, status, map[string]any{"data": nil, "errors": []gqlError{{Message: msg}}})
		return
	}
	msg := "Server Error"
	if status == http.StatusGatewayTimeout {
		msg = "We couldn't respond to your request in time. Sorry about that. Please try resubmitting your request and contact us if the problem persists."
	}
	writeJSON(w, status, map[string]any{"message": msg})
}

func (f *Fake) writeSecondaryLimit(w http.ResponseWriter, c *Call, status int, retryAfter time.Duration) {
	if retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((retryAfter+time.Second-1)/time.Second)))
	} else {
		f.mu.Lock()
		reset := f.clock().Add(time.Minute)
		f.mu.Unlock()
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
	}
	docs := "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
	if c.GraphQL {
		docs = "https://docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api#secondary-rate-limits"
	}
	restError(w, status, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. "+
		"If you reach out to GitHub Support for help, please include the request ID "+c.RequestID+".", docs)
}

func (f *Fake) writePrimaryLimit(w http.ResponseWriter, c *Call, actor *user, status int) {
	f.mu.Lock()
	reset := f.clock().Add(time.Hour)
	f.mu.Unlock()
	w.Header().Set("X-RateLimit-Remaining", "0")
	w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
	id := "0"
	if actor != nil {
		id = strconv.FormatInt(actor.id, 10)
	}
	if c.GraphQL {
		msg := "API rate limit already exceeded for user ID " + id + "."
		c.Errors = []string{msg}
		writeJSON(w, http.StatusOK, map[string]any{"errors": []gqlError{{Type: "RATE_LIMITED", Message: msg}}})
		return
	}
	restError(w, orInt(status, http.StatusForbidden), "API rate limit exceeded for user ID "+id+
		". If you reach out to GitHub Support for help, please include the request ID "+c.RequestID+".",
		"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api")
}

func orInt(v, d int) int {
	if v == 0 {
		return d
	}
	return v
}

func orStr(v, d string) string {
	if v == "" {
		return d
	}
	return v
}
