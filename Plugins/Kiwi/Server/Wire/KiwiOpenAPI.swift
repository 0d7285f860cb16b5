/// The wire contract as an OpenAPI 3.1 document, served at `GET /openapi.json`. A test
/// checks that it names exactly the routes the router has.
enum KiwiOpenAPI {
    static let document = #"""
        {
         "openapi": "3.1.0",
         "info": {
          "title": "Kiwi",
          "version": "1.0.0",
          "description": "The KiwiFruit reading community's API as `toolbox kiwi serve` answers it: the original backend's contract and toolbox's extensions (marked in each summary where they differ). `GET /metrics` (Prometheus text) exists only with `--metrics`."
         },
         "servers": [
          {
           "url": "http://127.0.0.1:8080"
          }
         ],
         "security": [
          {}
         ],
         "paths": {
          "/health": {
           "get": {
            "summary": "Whether the server and its store answer",
            "responses": {
             "200": {
              "description": "up",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "503": {
              "description": "the database does not answer",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ]
           }
          },
          "/users": {
           "post": {
            "summary": "Signs up",
            "responses": {
             "201": {
              "description": "the new member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/User"
                }
               }
              }
             },
             "400": {
              "description": "a bad field",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "409": {
              "description": "the username is taken",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "requestBody": {
             "required": true,
             "content": {
              "application/json": {
               "schema": {
                "$ref": "#/components/schemas/SignUp"
               }
              }
             }
            }
           }
          },
          "/users/me": {
           "get": {
            "summary": "The caller",
            "responses": {
             "200": {
              "description": "the caller",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/User"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ]
           }
          },
          "/users/{username}": {
           "get": {
            "summary": "A member",
            "responses": {
             "200": {
              "description": "the member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/User"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ]
           },
           "put": {
            "summary": "Changes the caller's profile",
            "responses": {
             "200": {
              "description": "the member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/User"
                }
               }
              }
             },
             "400": {
              "description": "a bad field",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in, or not this member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ],
            "requestBody": {
             "required": true,
             "content": {
              "application/json": {
               "schema": {
                "$ref": "#/components/schemas/ProfileChange"
               }
              }
             }
            }
           }
          },
          "/users/{username}/avatar": {
           "put": {
            "summary": "Sets the caller's avatar from an image (toolbox's extension; the web pages' settings use it too)",
            "responses": {
             "200": {
              "description": "the member, with the new avatarURL",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/User"
                }
               }
              }
             },
             "400": {
              "description": "not multipart, or no file",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in, or not this member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "413": {
              "description": "the image is too large",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "415": {
              "description": "not an image",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ],
            "requestBody": {
             "required": true,
             "content": {
              "multipart/form-data": {
               "schema": {
                "$ref": "#/components/schemas/NewAvatar"
               }
              }
             }
            }
           }
          },
          "/sessions": {
           "post": {
            "summary": "Logs in",
            "responses": {
             "200": {
              "description": "the session; also set as the `session` cookie",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Session"
                }
               }
              },
              "headers": {
               "Set-Cookie": {
                "schema": {
                 "type": "string"
                }
               }
              }
             },
             "400": {
              "description": "a bad body",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "wrong credentials",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "429": {
              "description": "too many failed logins",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "requestBody": {
             "required": true,
             "content": {
              "application/json": {
               "schema": {
                "$ref": "#/components/schemas/Credentials"
               }
              }
             }
            }
           },
           "delete": {
            "summary": "Logs out: the token stops working",
            "responses": {
             "200": {
              "description": "logged out",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ]
           }
          },
          "/posts": {
           "get": {
            "summary": "Everyone's posts, newest first",
            "responses": {
             "200": {
              "description": "a page of posts, newest first",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Post"
                 }
                }
               }
              }
             },
             "400": {
              "description": "bad paging",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {},
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "page",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 0,
               "maximum": 1000000,
               "default": 0
              },
              "description": "from 0"
             },
             {
              "name": "pageSize",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 1,
               "maximum": 100,
               "default": 10
              }
             }
            ]
           },
           "post": {
            "summary": "A new post: an image and an optional caption (and book)",
            "responses": {
             "201": {
              "description": "the post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Post"
                }
               }
              }
             },
             "400": {
              "description": "a bad caption or book",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "413": {
              "description": "the image is too large",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "415": {
              "description": "not an image",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "502": {
              "description": "the book search failed",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "503": {
              "description": "no book search",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "requestBody": {
             "required": true,
             "content": {
              "multipart/form-data": {
               "schema": {
                "$ref": "#/components/schemas/NewPost"
               }
              }
             }
            }
           }
          },
          "/posts/{id}": {
           "get": {
            "summary": "One post",
            "responses": {
             "200": {
              "description": "the post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Post"
                }
               }
              }
             },
             "400": {
              "description": "not a post id",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {},
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "pattern": "^[0-9]+$"
              },
              "description": "the post's id"
             }
            ]
           },
           "delete": {
            "summary": "Deletes the caller's post with its likes, comments and image",
            "responses": {
             "200": {
              "description": "deleted",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "400": {
              "description": "not a post id",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in, or not the owner",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "pattern": "^[0-9]+$"
              },
              "description": "the post's id"
             }
            ]
           }
          },
          "/posts/{id}/like": {
           "post": {
            "summary": "Likes a post (idempotent)",
            "responses": {
             "200": {
              "description": "the new count",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Likes"
                }
               }
              }
             },
             "400": {
              "description": "not a post id",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "pattern": "^[0-9]+$"
              },
              "description": "the post's id"
             }
            ]
           },
           "delete": {
            "summary": "Unlikes a post (idempotent)",
            "responses": {
             "200": {
              "description": "the new count",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Likes"
                }
               }
              }
             },
             "400": {
              "description": "not a post id",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "pattern": "^[0-9]+$"
              },
              "description": "the post's id"
             }
            ]
           }
          },
          "/books/search": {
           "get": {
            "summary": "Books matching a query (Open Library)",
            "responses": {
             "200": {
              "description": "matches",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Book"
                 }
                }
               }
              }
             },
             "502": {
              "description": "the book search failed",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "503": {
              "description": "no book search",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "parameters": [
             {
              "name": "q",
              "in": "query",
              "schema": {
               "type": "string"
              }
             }
            ]
           }
          },
          "/api/posts": {
           "$ref": "#/paths/~1posts"
          },
          "/api/posts/{id}": {
           "$ref": "#/paths/~1posts~1{id}"
          },
          "/api/posts/{id}/like": {
           "$ref": "#/paths/~1posts~1{id}~1like"
          },
          "/api/books/search": {
           "$ref": "#/paths/~1books~1search"
          },
          "/posts/{id}/comments": {
           "get": {
            "summary": "A post's comments, oldest first",
            "responses": {
             "200": {
              "description": "the comments",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Comment"
                 }
                }
               }
              }
             },
             "400": {
              "description": "not a post id",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "parameters": [
             {
              "name": "id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "pattern": "^[0-9]+$"
              },
              "description": "the post's id"
             }
            ]
           }
          },
          "/comments": {
           "post": {
            "summary": "Creates or deletes a comment (the original's form route)",
            "responses": {
             "200": {
              "description": "done",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "400": {
              "description": "a bad field",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in, or not the author",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such post or comment",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "requestBody": {
             "required": true,
             "content": {
              "application/x-www-form-urlencoded": {
               "schema": {
                "$ref": "#/components/schemas/CommentForm"
               }
              },
              "multipart/form-data": {
               "schema": {
                "$ref": "#/components/schemas/CommentForm"
               }
              }
             }
            }
           }
          },
          "/feed": {
           "get": {
            "summary": "The caller's and their followees' posts, newest first",
            "responses": {
             "200": {
              "description": "a page of posts, newest first",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Post"
                 }
                }
               }
              }
             },
             "400": {
              "description": "bad paging",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "page",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 0,
               "maximum": 1000000,
               "default": 0
              },
              "description": "from 0"
             },
             {
              "name": "pageSize",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 1,
               "maximum": 100,
               "default": 10
              }
             }
            ]
           }
          },
          "/users/{username}/posts": {
           "get": {
            "summary": "A member's posts, newest first",
            "responses": {
             "200": {
              "description": "a page of posts, newest first",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Post"
                 }
                }
               }
              }
             },
             "400": {
              "description": "bad paging",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {},
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             },
             {
              "name": "page",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 0,
               "maximum": 1000000,
               "default": 0
              },
              "description": "from 0"
             },
             {
              "name": "pageSize",
              "in": "query",
              "schema": {
               "type": "integer",
               "minimum": 1,
               "maximum": 100,
               "default": 10
              }
             }
            ]
           }
          },
          "/users/{username}/follow": {
           "post": {
            "summary": "Follows a member (idempotent)",
            "responses": {
             "200": {
              "description": "following",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "400": {
              "description": "yourself",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ]
           },
           "delete": {
            "summary": "Unfollows a member",
            "responses": {
             "200": {
              "description": "not following",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Status"
                }
               }
              }
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ]
           }
          },
          "/users/{username}/followers": {
           "get": {
            "summary": "Who follows a member, most recent first",
            "responses": {
             "200": {
              "description": "members",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/User"
                 }
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ]
           }
          },
          "/users/{username}/following": {
           "get": {
            "summary": "Whom a member follows, most recent first",
            "responses": {
             "200": {
              "description": "members",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/User"
                 }
                }
               }
              }
             },
             "404": {
              "description": "no such member",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ],
            "parameters": [
             {
              "name": "username",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             }
            ]
           }
          },
          "/uploads/{file}": {
           "get": {
            "summary": "An uploaded image (the default avatar needs no login)",
            "responses": {
             "200": {
              "description": "the image; kept a year (`Cache-Control: private, max-age=31536000, immutable`) with its SHA-256 as `ETag`",
              "content": {
               "image/*": {
                "schema": {
                 "type": "string",
                 "contentMediaType": "image/*"
                }
               }
              }
             },
             "304": {
              "description": "`If-None-Match` named its ETag"
             },
             "403": {
              "description": "not logged in",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "404": {
              "description": "no such upload",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Failure"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {},
             {
              "bearer": []
             },
             {
              "session": []
             }
            ],
            "parameters": [
             {
              "name": "file",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string"
              }
             },
             {
              "name": "If-None-Match",
              "in": "header",
              "schema": {
               "type": "string"
              }
             }
            ]
           }
          },
          "/openapi.json": {
           "get": {
            "summary": "This document",
            "responses": {
             "200": {
              "description": "OpenAPI 3.1",
              "content": {
               "application/json": {
                "schema": {
                 "type": "object"
                }
               }
              }
             },
             "500": {
              "$ref": "#/components/responses/ServerError"
             }
            },
            "security": [
             {}
            ]
           }
          }
         },
         "components": {
          "schemas": {
           "User": {
            "type": "object",
            "required": [
             "id",
             "username",
             "displayName",
             "avatarURL"
            ],
            "properties": {
             "id": {
              "type": [
               "string",
               "null"
              ]
             },
             "username": {
              "type": "string"
             },
             "displayName": {
              "type": [
               "string",
               "null"
              ]
             },
             "avatarURL": {
              "type": [
               "string",
               "null"
              ]
             }
            }
           },
           "Book": {
            "type": "object",
            "required": [
             "title",
             "authors",
             "isbn13"
            ],
            "properties": {
             "id": {
              "type": "string"
             },
             "title": {
              "type": "string"
             },
             "authors": {
              "type": [
               "array",
               "null"
              ],
              "items": {
               "type": "string"
              }
             },
             "isbn13": {
              "type": [
               "string",
               "null"
              ]
             }
            }
           },
           "Post": {
            "type": "object",
            "required": [
             "id",
             "author",
             "imageURL",
             "caption",
             "likes",
             "createdAt",
             "commentCount",
             "book"
            ],
            "properties": {
             "id": {
              "type": "string"
             },
             "author": {
              "$ref": "#/components/schemas/User"
             },
             "imageURL": {
              "type": [
               "string",
               "null"
              ]
             },
             "caption": {
              "type": [
               "string",
               "null"
              ]
             },
             "likes": {
              "type": "integer",
              "minimum": 0
             },
             "createdAt": {
              "type": [
               "string",
               "null"
              ]
             },
             "commentCount": {
              "type": [
               "integer",
               "null"
              ],
              "minimum": 0
             },
             "likedByMe": {
              "type": "boolean",
              "description": "only for a logged-in caller"
             },
             "book": {
              "oneOf": [
               {
                "$ref": "#/components/schemas/Book"
               },
               {
                "type": "null"
               }
              ]
             }
            }
           },
           "Comment": {
            "type": "object",
            "required": [
             "id",
             "author",
             "text",
             "createdAt"
            ],
            "properties": {
             "id": {
              "type": "string"
             },
             "author": {
              "$ref": "#/components/schemas/User"
             },
             "text": {
              "type": "string"
             },
             "createdAt": {
              "type": [
               "string",
               "null"
              ]
             }
            }
           },
           "Session": {
            "type": "object",
            "required": [
             "token",
             "user"
            ],
            "properties": {
             "token": {
              "type": "string"
             },
             "user": {
              "$ref": "#/components/schemas/User"
             }
            }
           },
           "Status": {
            "type": "object",
            "required": [
             "status"
            ],
            "properties": {
             "status": {
              "type": "string",
              "const": "ok"
             }
            }
           },
           "Likes": {
            "type": "object",
            "required": [
             "likes"
            ],
            "properties": {
             "likes": {
              "type": "integer",
              "minimum": 0
             }
            }
           },
           "Failure": {
            "type": "object",
            "required": [
             "message",
             "status_code",
             "error"
            ],
            "properties": {
             "message": {
              "type": "string"
             },
             "status_code": {
              "type": "integer"
             },
             "error": {
              "type": "string"
             }
            }
           },
           "SignUp": {
            "type": "object",
            "required": [
             "username",
             "password"
            ],
            "properties": {
             "username": {
              "type": "string",
              "pattern": "^[A-Za-z0-9_.-]{1,20}$",
              "description": "not a word a route uses: me, feed, posts, sessions, uploads, health"
             },
             "password": {
              "type": "string",
              "minLength": 1,
              "maxLength": 72
             },
             "fullname": {
              "type": [
               "string",
               "null"
              ],
              "maxLength": 40
             },
             "email": {
              "type": [
               "string",
               "null"
              ],
              "maxLength": 40
             }
            }
           },
           "Credentials": {
            "type": "object",
            "required": [
             "username",
             "password"
            ],
            "properties": {
             "username": {
              "type": "string"
             },
             "password": {
              "type": "string"
             }
            }
           },
           "ProfileChange": {
            "type": "object",
            "properties": {
             "fullname": {
              "type": [
               "string",
               "null"
              ],
              "maxLength": 40
             },
             "email": {
              "type": [
               "string",
               "null"
              ],
              "maxLength": 40
             }
            }
           },
           "NewPost": {
            "type": "object",
            "required": [
             "file"
            ],
            "properties": {
             "file": {
              "type": "string",
              "contentMediaType": "application/octet-stream",
              "minLength": 1,
              "description": "a JPEG, PNG, GIF, WebP or HEIC image"
             },
             "caption": {
              "type": "string",
              "maxLength": 2200
             },
             "book": {
              "type": "string",
              "description": "an ISBN-13"
             },
             "authorId": {
              "type": "string",
              "description": "sent by the iOS client; the session decides the author"
             }
            }
           },
           "NewAvatar": {
            "type": "object",
            "required": [
             "file"
            ],
            "properties": {
             "file": {
              "type": "string",
              "contentMediaType": "application/octet-stream",
              "minLength": 1,
              "description": "a JPEG, PNG, GIF, WebP or HEIC image"
             }
            }
           },
           "CommentForm": {
            "type": "object",
            "required": [
             "operation"
            ],
            "properties": {
             "operation": {
              "type": "string",
              "enum": [
               "create",
               "delete"
              ]
             },
             "postid": {
              "type": "string"
             },
             "text": {
              "type": "string",
              "maxLength": 1024
             },
             "commentid": {
              "type": "string"
             }
            }
           }
          },
          "securitySchemes": {
           "bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "the token from POST /sessions"
           },
           "session": {
            "type": "apiKey",
            "in": "cookie",
            "name": "session",
            "description": "the same token, as the cookie POST /sessions sets"
           }
          },
          "responses": {
           "ServerError": {
            "description": "the server failed",
            "content": {
             "application/json": {
              "schema": {
               "$ref": "#/components/schemas/Failure"
              }
             }
            }
           }
          }
         }
        }
        """#
}
