-- wrk: POST /posts/<a random one of the first 2,000>/like, as the reader whose token is in KIWI_TOKEN.
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KIWI_TOKEN")
request = function()
    return wrk.format(nil, "/posts/" .. math.random(1, 2000) .. "/like")
end
