-- wrk: GET /search with a mix of queries, in turn: one word common, middling and rare; a phrase;
-- two words; a word left out; an alternative; a diacritic folded; books and members; a second page.
local queries = {
    "/search?q=the", "/search?q=storm", "/search?q=zeugma", "/search?q=%22storm+chapter%22", "/search?q=winter+garden",
    "/search?q=letter+-rain", "/search?q=lighthouse+or+harbour", "/search?q=bront%C3%AB&type=books", "/search?q=austen&type=books",
    "/search?q=reader1&type=members", "/search?q=the&cursor=bzIw", "/search?q=word17+word42",
}
local next = 0
request = function()
    next = next % #queries + 1
    return wrk.format(nil, queries[next])
end
