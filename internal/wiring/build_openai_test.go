package wiring

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/protocols"
)

// openAIServer is an OpenAI-compatible server on loopback that serves the given models and
// records what each chat request carried.
type openAIServer struct {
	*httptest.Server
	mu          sync.Mutex
	auth, model string
}

func newOpenAIServer(t *testing.T, models ...string) *openAIServer {
	chat, err := os.ReadFile("testdata/http/openai_chat.json")
	require.NoError(t, err)
	s := &openAIServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/models":
			var data []string
			for _, m := range models {
				data = append(data, fmt.Sprintf(`{"id":%q,"object":"model","created":0,"owned_by":"test"}`, m))
			}
			fmt.Fprintf(w, `{"object":"list","data":[%s]}`, strings.Join(data, ","))
		case "/v1/chat/completions":
			var req struct {
				Model string `json:"model"`
			}
			_ = json.NewDecoder(r.Body).Decode(&req)
			s.mu.Lock()
			s.auth, s.model = r.Header.Get("Authorization"), req.Model
			s.mu.Unlock()
			_, _ = w.Write(chat)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func openAIConfig(t *testing.T, baseURL, model string) *config.Config {
	data := "version: 1\nproviders:\n  local:\n    type: openai\n    family: qwen\n    base_url: " + baseURL + "\n"
	if model != "" {
		data += "    model: " + model + "\n"
	}
	cfg, err := config.Parse("o.yml", []byte(data), protocols.Sections()...)
	require.NoError(t, err)
	return cfg
}

func TestOpenAIProfileUsesConfiguredModelAndKey(t *testing.T) {
	srv := newOpenAIServer(t, "a", "b")
	cfg, err := config.Detect(envOf(map[string]string{"WAR_ROOM_OPENAI_BASE_URL": srv.URL + "/v1", "WAR_ROOM_OPENAI_MODEL": "qwen3",
		"WAR_ROOM_OPENAI_FAMILY": "qwen", "WAR_ROOM_OPENAI_API_KEY": "sekrit"}), protocols.Sections()...)
	require.NoError(t, err)
	ps, err := Profiles(context.Background(), cfg, envOf(map[string]string{"WAR_ROOM_OPENAI_API_KEY": "sekrit"}), srv.Client())
	require.NoError(t, err)
	p := ps["local"]
	require.Equal(t, "qwen3", p.Model)
	require.Equal(t, "qwen", p.Family)
	_, err = p.Provider.Complete(context.Background(), provider.Request{User: "hi", Model: p.Model})
	require.NoError(t, err)
	require.Equal(t, "Bearer sekrit", srv.auth)
	require.Equal(t, "qwen3", srv.model)
}

func TestOpenAIProfileAsksServerForItsOnlyModel(t *testing.T) {
	srv := newOpenAIServer(t, "llama-3.3-70b")
	cfg := openAIConfig(t, srv.URL+"/v1", "")
	p, err := Profile(context.Background(), cfg, "local", envOf(nil), srv.Client())
	require.NoError(t, err)
	require.Equal(t, "llama-3.3-70b", p.Model)
	_, err = p.Provider.Complete(context.Background(), provider.Request{User: "hi"})
	require.NoError(t, err)
	require.Equal(t, "llama-3.3-70b", srv.model)
	require.Empty(t, srv.auth, "no api_key_env: no Authorization header")
}

func TestOpenAIProfileWithSeveralServedModelsTakesTheFirst(t *testing.T) {
	srv := newOpenAIServer(t, "m1", "m2", "m3")
	cfg := openAIConfig(t, srv.URL+"/v1", "")
	p, err := Profile(context.Background(), cfg, "local", envOf(nil), srv.Client())
	require.NoError(t, err)
	require.Equal(t, "m1", p.Model, "the first model the server lists, recorded on the profile")
	_, err = p.Provider.Complete(context.Background(), provider.Request{User: "hi"})
	require.NoError(t, err)
	require.Equal(t, "m1", srv.model)
}

func TestOpenAIProfileWithNoServedModelIsAnError(t *testing.T) {
	srv := newOpenAIServer(t)
	cfg := openAIConfig(t, srv.URL+"/v1", "")
	_, err := Profile(context.Background(), cfg, "local", envOf(nil), srv.Client())
	require.ErrorContains(t, err, "no model configured and the server at "+srv.URL+"/v1 lists none: load a model there, or set the profile's model (WAR_ROOM_OPENAI_MODEL for a detected local server)")
}

func TestOpenAIProfileModelListingFails(t *testing.T) {
	srv := newOpenAIServer(t)
	cfg := openAIConfig(t, srv.URL+"/nowhere", "")
	_, err := Profile(context.Background(), cfg, "local", envOf(nil), srv.Client())
	require.ErrorContains(t, err, `profile "local": no model configured and listing the server's models failed (is the server running at `+
		srv.URL+`/nowhere? or set the profile's model, WAR_ROOM_OPENAI_MODEL for a detected local server): `)
}
