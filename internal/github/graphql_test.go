package github

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// postGraphQL sends one document and decodes the answer into out (when not nil).
func postGraphQL(hc *http.Client, url, query string, out any) error {
	body, _ := json.Marshal(map[string]string{"query": query})
	resp, err := hc.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
