#compdef toolbox

__toolbox_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__toolbox_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __toolbox_complete "${completions[@]:0:-1}"
    fi
}

__toolbox_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_toolbox() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'plugins:List every plugin, its commands and its configuration keys.'
            'config:Read and change configuration.'
            'cache:Show or clear the response and image cache.'
            'completion:Print a shell completion script.'
            'movies:Movies by actor or filter, search, details with where to watch, similar and recommended, trailers, favourites, a diary and your year in film (TMDB).'
            'trailers:Trending and discover for movies and TV, where to watch and what arrived on your services, ranked trailers, watchlist and its release calendar (TMDB).'
            'surf:Irish surf spots, conditions, forecasts with charts, weather buoys and reports.'
            'kiwi:The KiwiFruit reading community: its server, and sign up, post, feed, like, comment, follow, shelve, search.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        plugins|config|cache|completion|movies|trailers|surf|kiwi|help)
            "_toolbox_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_plugins() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show every key, its value and where the value came from.'
            'get:Print the value of one key (secrets masked).'
            'set:Set a key in the configuration file.'
            'unset:Remove a key from the configuration file.'
            'path:Print the path of the configuration file.'
            'check:Check every key; name the missing, placeholder or invalid ones and how to fix each.'
            'template:Print a configuration file that documents every key with its default.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|get|set|unset|path|check|template)
            "_toolbox_config_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_config_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_get() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config get -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_set() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config set -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        ':value:{__toolbox_custom_complete ---completion config set -- positional@1 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_unset() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:{__toolbox_custom_complete ---completion config unset -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_path() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_check() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_config_template() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_cache() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'stats:Show how much each plugin has cached.'
            'clear:Delete cached answers and images.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        stats|clear)
            "_toolbox_cache_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_cache_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_cache_clear() {
    local -i ret=1
    local -ar arg_specs=(
        '--plugin[Only this plugin'\''s cache.]:plugin:{__toolbox_custom_complete ---completion cache clear -- --plugin "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_completion() {
    local -i ret=1
    local -ar _shell=('bash' 'zsh' 'fish')
    local -ar arg_specs=(
        ':shell:{__toolbox_complete "${_shell[@]}"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Movies with an actor, most popular first (default: movies.default_person).'
            'search:Search movies by title.'
            'actors:Find actors by name (at most 5, actors only).'
            'show:One movie in full: poster, rating, overview, its best trailer, where to watch it, and its links.'
            'share:One line to share a movie: title, year, rating and its TMDB link.'
            'trailer:Play a movie'\''s best trailer (or --pick N), ranked as `trailers play` ranks them.'
            'similar:Movies similar to one movie (by genres and keywords), filtered as you ask.'
            'recommended:Movies TMDB recommends to people who liked one movie, filtered as you ask.'
            'poster:A movie'\''s poster: drawn on a terminal, its cached file'\''s path when piped, or saved to a file.'
            'favorites:Your favourite movies, kept on this computer.'
            'watched:Record a movie you watched in your diary, with a rating out of five.'
            'diary:The movies you watched, by day, with your ratings; in and out as Letterboxd CSV.'
            'hide:Never show a title or a genre again in the lists of Movies and Trailers.'
            'hidden:The titles and genres you hid from the lists of Movies and Trailers.'
            'unhide:Show a hidden title or genre in the lists again.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|search|actors|show|share|trailer|similar|recommended|poster|favorites|watched|diary|hide|hidden|unhide)
            "_toolbox_movies_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_movies_list() {
    local -i ret=1
    local -ar ___sort=('popularity' 'rating' 'date' 'title')
    local -ar arg_specs=(
        '--person[The TMDB person id.]:person:'
        '--actor[An actor'\''s name, resolved through actor search.]:actor:'
        '--all[Every page (fetched concurrently).]'
        '*--genre[A genre (repeat, or separate with commas\: a movie has them all).]:name:{__toolbox_custom_complete ---completion movies list -- --genre "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--year[Only movies released in this year.]:year:'
        '--years[Only movies released in these years, FROM..TO (2000.., ..1979).]:from..to:'
        '--min-rating[At least this rating, out of 10.]:x:'
        '--min-votes[At least this many votes (default 50 with --min-rating or --sort rating).]:n:'
        '--sort[How to order them\: popularity, rating, date (newest first) or title (A to Z).]:sort:{__toolbox_complete "${___sort[@]}"}'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_search() {
    local -i ret=1
    local -ar arg_specs=(
        ':query:'
        '--year[Only movies released in this year.]:year:'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_actors() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':movie:'
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--image-width[The picture'\''s width in terminal cells (default\: about 40% of the terminal).]:image-width:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_share() {
    local -i ret=1
    local -ar arg_specs=(
        ':movie:'
        '--copy[Also copy the line to the clipboard through the terminal (OSC 52).]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_trailer() {
    local -i ret=1
    local -ar arg_specs=(
        ':movie:'
        '--pick[The trailer'\''s place in the ranking, from 1.]:pick:'
        '--print[Print the link instead of opening it.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_similar() {
    local -i ret=1
    local -ar ___sort=('popularity' 'rating' 'date' 'title')
    local -ar arg_specs=(
        ':movie:'
        '*--genre[A genre (repeat, or separate with commas\: a movie has them all).]:name:{__toolbox_custom_complete ---completion movies similar -- --genre "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--year[Only movies released in this year.]:year:'
        '--years[Only movies released in these years, FROM..TO (2000.., ..1979).]:from..to:'
        '--min-rating[At least this rating, out of 10.]:x:'
        '--min-votes[At least this many votes (default 50 with --min-rating or --sort rating).]:n:'
        '--sort[How to order them\: popularity, rating, date (newest first) or title (A to Z).]:sort:{__toolbox_complete "${___sort[@]}"}'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_recommended() {
    local -i ret=1
    local -ar ___sort=('popularity' 'rating' 'date' 'title')
    local -ar arg_specs=(
        ':movie:'
        '*--genre[A genre (repeat, or separate with commas\: a movie has them all).]:name:{__toolbox_custom_complete ---completion movies recommended -- --genre "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--year[Only movies released in this year.]:year:'
        '--years[Only movies released in these years, FROM..TO (2000.., ..1979).]:from..to:'
        '--min-rating[At least this rating, out of 10.]:x:'
        '--min-votes[At least this many votes (default 50 with --min-rating or --sort rating).]:n:'
        '--sort[How to order them\: popularity, rating, date (newest first) or title (A to Z).]:sort:{__toolbox_complete "${___sort[@]}"}'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_poster() {
    local -i ret=1
    local -ar ___size=('w92' 'w154' 'w185' 'w342' 'w500' 'w780' 'original')
    local -ar arg_specs=(
        ':movie:'
        '--size[The size\: w92, w154, w185, w342, w500, w780, original.]:size:{__toolbox_complete "${___size[@]}"}'
        '(--output -o)'{--output,-o}'[Also write the image to this file.]:output:_files'
        '--image-width[The picture'\''s width in terminal cells (default\: about 40% of the terminal).]:image-width:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_favorites() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show your favourites.'
            'add:Add a movie (checked against TMDB first).'
            'remove:Remove a movie from your favourites.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|add|remove)
            "_toolbox_movies_favorites_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_movies_favorites_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_favorites_add() {
    local -i ret=1
    local -ar arg_specs=(
        ':movie:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_favorites_remove() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_watched() {
    local -i ret=1
    local -ar arg_specs=(
        ':movie:'
        '--rating[Your rating\: 0.5 to 5, in half stars.]:stars:'
        '--on[The day you watched it, YYYY-MM-DD (default\: today).]:date:'
        '--rewatch[You had seen it before.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_diary() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:The diary, newest first, with a count per year.'
            'stats:Your year in film: films and hours, a chart by month, ratings, top genres, directors and decades.'
            'export:The diary as Letterboxd'\''s import CSV.'
            'import:Add a Letterboxd CSV'\''s viewings to the diary (shows what it will do first).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|stats|export|import)
            "_toolbox_movies_diary_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_movies_diary_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--year[Only this year'\''s viewings.]:year:'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_diary_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--year[The year (default\: this year).]:year:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_diary_export() {
    local -i ret=1
    local -ar arg_specs=(
        '(--output -o)'{--output,-o}'[Write it to this file instead of stdout.]:output:_files -g '\''*.csv'\'''
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_diary_import() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files -g '\''*.csv'\'''
        '(--yes -y)'{--yes,-y}'[Do not ask.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_hide() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':title:'
        '--type[movie or tv (default\: movie, or what a link names).]:type:{__toolbox_complete "${___type[@]}"}'
        '--genre[A genre name, of movies or TV.]:genre:{__toolbox_custom_complete ---completion movies hide -- --genre "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_hidden() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_movies_unhide() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':id:'
        '--type[movie or tv.]:type:{__toolbox_complete "${___type[@]}"}'
        '--genre[A hidden genre'\''s name.]:genre:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'browse:Browse movies and TV: trending, or discover with filters and sorts.'
            'trending:What is trending today or this week.'
            'genres:The genres browse --genre accepts, for movies and TV.'
            'providers:The streaming services and stores of a region, with their ids, for browse --provider.'
            'show:One title in full: poster, certification, runtime, ranked trailers, where to watch it, links.'
            'play:Open the best trailer (or --pick N) in the browser.'
            'watchlist:Titles you want to watch, kept on this computer.'
            'arrivals:What on your watchlist and favourites is newly on your streaming services.'
            'calendar:The coming releases of your watchlist in your region, by date, or as an iCalendar file.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        browse|trending|genres|providers|show|play|watchlist|arrivals|calendar)
            "_toolbox_trailers_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_trailers_browse() {
    local -i ret=1
    local -ar ___type=('all' 'movie' 'tv')
    local -ar ___sort=('trending' 'popularity' 'newest' 'oldest' 'top-rated' 'lowest-rated')
    local -ar ___dates=('upcoming' 'this-month' 'last-30-days' 'last-90-days' 'this-year' 'all-time')
    local -ar ___certification=('G' 'PG' 'PG-13' 'R' 'NC-17')
    local -ar ___kind=('stream' 'free' 'ads' 'rent' 'buy')
    local -ar arg_specs=(
        '--type[all, movie or tv.]:type:{__toolbox_complete "${___type[@]}"}'
        '--sort[trending, popularity, newest, oldest, top-rated or lowest-rated.]:sort:{__toolbox_complete "${___sort[@]}"}'
        '--genre[A genre name (see `toolbox trailers genres`).]:genre:{__toolbox_custom_complete ---completion trailers browse -- --genre "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--dates[upcoming, this-month, last-30-days, last-90-days, this-year or all-time.]:dates:{__toolbox_complete "${___dates[@]}"}'
        '--certification[A US rating for movies\: G, PG, PG-13, R or NC-17.]:certification:{__toolbox_complete "${___certification[@]}"}'
        '*--provider[A watch provider (see `toolbox trailers providers`); repeat for any of several.]:name:{__toolbox_custom_complete ---completion trailers browse -- --provider "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '*--kind[stream, free, ads, rent or buy; repeat for any of several.]:kind:{__toolbox_complete "${___kind[@]}"}'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--all[Every page (fetched concurrently), to the end.]'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_trending() {
    local -i ret=1
    local -ar ___type=('all' 'movie' 'tv')
    local -ar ___window=('day' 'week')
    local -ar arg_specs=(
        '--type[all, movie or tv.]:type:{__toolbox_complete "${___type[@]}"}'
        '--window[day or week.]:window:{__toolbox_complete "${___window[@]}"}'
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--page[The page to show, from 1 (20 a page).]:page:'
        '--limit[Show this many, from --page on, fetching more pages as needed.]:limit:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_genres() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        '--type[movie or tv; both when left out.]:type:{__toolbox_complete "${___type[@]}"}'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_providers() {
    local -i ret=1
    local -ar arg_specs=(
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_show() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':title:'
        '--type[movie or tv (default\: movie, or what a link names).]:type:{__toolbox_complete "${___type[@]}"}'
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--image-width[The picture'\''s width in terminal cells (default\: about 40% of the terminal).]:image-width:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_play() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':title:'
        '--type[movie or tv (default\: movie, or what a link names).]:type:{__toolbox_complete "${___type[@]}"}'
        '--pick[The trailer'\''s place in the ranking, from 1.]:pick:'
        '--print[Print the link instead of opening it.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_watchlist() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show your watchlist.'
            'add:Add a title (checked against TMDB first).'
            'remove:Remove a title from your watchlist.'
            'export:The watchlist'\''s movies as Letterboxd'\''s import CSV (Letterboxd keeps films only).'
            'import:Add a Letterboxd watchlist CSV'\''s movies to the watchlist (shows what it will do first).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|add|remove|export|import)
            "_toolbox_trailers_watchlist_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_trailers_watchlist_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--on-my-services[Only titles on your streaming services (tmdb.services) in the region.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_watchlist_add() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':title:'
        '--type[movie or tv (default\: movie, or what a link names).]:type:{__toolbox_complete "${___type[@]}"}'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_watchlist_remove() {
    local -i ret=1
    local -ar ___type=('movie' 'tv')
    local -ar arg_specs=(
        ':id:'
        '--type[movie or tv.]:type:{__toolbox_complete "${___type[@]}"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_watchlist_export() {
    local -i ret=1
    local -ar arg_specs=(
        '(--output -o)'{--output,-o}'[Write it to this file instead of stdout.]:output:_files -g '\''*.csv'\'''
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_watchlist_import() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files -g '\''*.csv'\'''
        '(--yes -y)'{--yes,-y}'[Do not ask.]'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_arrivals() {
    local -i ret=1
    local -ar arg_specs=(
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_trailers_calendar() {
    local -i ret=1
    local -ar arg_specs=(
        '--days[How many days ahead, from today.]:days:'
        '--ics[Write the releases to this iCalendar (.ics) file instead.]:ics:_files -g '\''*.ics'\'''
        '--region[The country for watch providers, as two letters (default\: tmdb.region).]:XX:'
        '--language[Titles and overviews in this language (default\: tmdb.language).]:xx-YY:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'today:One screen, as the app opens: your spot now with its tide, the best spot near it, the buoys, reports.'
            'spots:Surf spots: region, type, which way the beach faces, coordinates.'
            'conditions:Conditions now: every spot of a region, most promising first, or one spot in full.'
            'now:One spot'\''s surf now, your home spot unless named; --line for a status bar.'
            'forecast:A spot'\''s forecast by 3 hours, with a chart of waves, wind and tide on a terminal.'
            'tides:High and low waters by day, at a spot'\''s nearest tide station or at a station named.'
            'best:The best hours of the coming days: windows of daylight ranked by swell, wind and tide.'
            'buoys:The latest readings of the weather buoys off Ireland (M2–M6, more with TrebleSurf).'
            'verify:How far to trust the forecast: what toolbox forecast at a buoy against what it measured.'
            'log:Your surf sessions, with the conditions of each: log them, list them, sum them up, export them.'
            'like:Coming days like your best sessions: forecast windows whose conditions match a session you loved.'
            'reports:Surfers'\'' reports of a spot or a region (treblesurf provider, with a session).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        today|spots|conditions|now|forecast|tides|best|buoys|verify|log|like|reports)
            "_toolbox_surf_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_surf_today() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_spots() {
    local -i ret=1
    local -ar arg_specs=(
        ':region:{__toolbox_custom_complete ---completion surf spots -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--country[The country (default\: surf.country).]:country:'
        '--images[Draw each spot'\''s photo on a terminal (TrebleSurf'\''s; the keyless catalogue has none).]'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_conditions() {
    local -i ret=1
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf conditions -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_now() {
    local -i ret=1
    local -ar arg_specs=(
        ':spot:{__toolbox_custom_complete ---completion surf now -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--line[One line of at most 60 characters, for a status bar.]'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_forecast() {
    local -i ret=1
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf forecast -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--days[How many days, 1 to 7.]:days:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_tides() {
    local -i ret=1
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf tides -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--days[How many days from today, 1 to 7.]:days:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_best() {
    local -i ret=1
    local -ar arg_specs=(
        '*:places:{__toolbox_custom_complete ---completion surf best -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--days[How many days, 1 to 7.]:days:'
        '--min-score[The score every hour of a window reaches.]:min-score:'
        '--calibrated[Correct the heights by the forecast'\''s bias at the nearest buoy over the last day.]'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_buoys() {
    local -i ret=1
    local -ar _names=('M2' 'M3' 'M4' 'M5' 'M6')
    local -ar arg_specs=(
        '*:names:{__toolbox_complete "${_names[@]}"}'
        '--hours[Also show this many hours of history as a sparkline.]:hours:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_verify() {
    local -i ret=1
    local -ar ___hours=('24' '48' '72')
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf verify -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--hours[How many hours back, 1 to 72.]:hours:{__toolbox_complete "${___hours[@]}"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_log() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Your sessions, newest first.'
            'add:Log a session at a spot, with the conditions at its hour.'
            'stats:Your sessions summed up: hours, by spot and by month, and the conditions of your best.'
            'export:Your sessions as CSV (metric), oldest first.'
            'remove:Remove a session from your log, by its number.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|add|stats|export|remove)
            "_toolbox_surf_log_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_surf_log_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--spot[Only this spot'\''s sessions (REGION/SPOT).]:spot:{__toolbox_custom_complete ---completion surf log list -- --spot "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_log_add() {
    local -i ret=1
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf log add -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--when[When it began\: now, "today 07\:30", "yesterday 18\:00", 07\:30 or "2026-11-28 07\:30" (Irish time).]:when:'
        '--hours[How long, in hours.]:hours:'
        '--rating[How it was, 1 to 5.]:rating:'
        '--board[The board you rode.]:board:'
        '--note[A note.]:note:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_log_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--year[Only this year'\''s sessions.]:year:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_log_export() {
    local -i ret=1
    local -ar arg_specs=(
        '(--output -o)'{--output,-o}'[Write it to this file instead of stdout.]:output:_files -g '\''*.csv'\'''
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_log_remove() {
    local -i ret=1
    local -ar arg_specs=(
        ':number:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_like() {
    local -i ret=1
    local -ar arg_specs=(
        '*:places:{__toolbox_custom_complete ---completion surf like -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--days[How many days, 1 to 7.]:days:'
        '--min-rating[The sessions to match\: rated this or more, 1 to 5.]:min-rating:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_surf_reports() {
    local -i ret=1
    local -ar arg_specs=(
        ':place:{__toolbox_custom_complete ---completion surf reports -- positional@0 "${current_word_index}" "$(__toolbox_cursor_index_in_current_word)"}'
        '--all[Recent reports, newest first, instead of each spot'\''s latest.]'
        '--limit[How many reports --all shows, 1 to 50.]:limit:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'serve:Run the Kiwi server: the original backend'\''s API and web pages for browsers.'
            'migrate:Move a community between SQLite and PostgreSQL, ids, times and logins kept, or its photos into an object store.'
            'approve:Let in the sign-ups that wait for a moderator, or list them.'
            'role:Make a member an admin or a moderator, or a member again.'
            'media:Look after the community'\''s photos in its media store.'
            'signup:Create an account (then log in).'
            'login:Log in; the session is kept for the next commands.'
            'logout:End the session on the server (where it can) and forget it here.'
            'whoami:Who you are logged in as.'
            'account:Change your name, email or avatar, or delete your account.'
            'feed:Everyone'\''s posts, newest first (or, with --following, the people you follow).'
            'post:Share a photo and a reflection about your book.'
            'books:Find a book (its ISBN-13 names it on a post).'
            'book:A book, its cover, who reads it, their reviews, and what they posted of it, newest first.'
            'reading:What the community is reading: the books most posted about lately.'
            'show:A post with its photo (on a terminal) and its comments.'
            'delete:Delete one of your posts (asks first).'
            'photo:A post'\''s photo: drawn on a terminal, or saved with --output.'
            'like:Like a post; prints the new count.'
            'unlike:Take back a like; prints the new count.'
            'comment:Comment on a post.'
            'comments:A post'\''s comments, oldest first.'
            'uncomment:Delete one of your comments.'
            'follow:Follow a reader.'
            'unfollow:Stop following a reader.'
            'followers:Who follows a reader (you by default), or remove one of your followers.'
            'block:Block a reader: neither of you sees the other, and they cannot follow you or touch your posts.'
            'unblock:Lift a block: you see each other again (the follows it ended stay ended).'
            'blocks:The readers you blocked, most recent first.'
            'mute:Stop seeing a reader'\''s posts, comments and notifications, for a while or until you unmute them.'
            'unmute:See a muted reader'\''s posts, comments and notifications again.'
            'mutes:The readers you mute, most recent first, and when each mute ends.'
            'report:Report a post, a comment or a reader to the moderators, or read a report.'
            'reports:The reports waiting for a moderator, oldest first (for moderators).'
            'moderate:Act on a report (for moderators): dismiss it, remove what it is about, warn, silence or suspend its author.'
            'unsuspend:Lift a reader'\''s suspension (for moderators): all they wrote is back, and they log in again.'
            'unsilence:Lift a reader'\''s silence (for moderators): their posts are on the public lists again.'
            'audit:What the moderators did, newest first: who, what, to whom, on which report, why (for moderators).'
            'domains:The other servers of the fediverse this community will not talk to (for admins).'
            'following:Whom a reader follows (you by default).'
            'profile:A reader: what they are reading, their shelves, followers, following, reading streak and posts.'
            'shelf:A reader'\''s shelves: want to read, reading (with progress) and read.'
            'want:Put a book on your “want to read” shelf.'
            'start:Start reading a book (a book read before is read again; the first reading stays).'
            'progress:Say how far you are into a book you are reading: a page, a page of a count, or a percent.'
            'finish:Mark a book read: it goes on your “read” shelf and into your year.'
            'unshelve:Take a book off your shelves, every reading of it.'
            'year:A year in books: what a reader finished, month by month, with a chart of books and pages.'
            'import:Bring your shelves from Goodreads or StoryGraph: says what it would do, and with --yes does it.'
            'import-archive:Bring your Kiwi archive from another server into your account here: says what it would do, and with --yes does it.'
            'export:Download your archive: everything of yours on the server, in one zip.'
            'search:Search what the community wrote: posts (captions and comments), books, or members.'
            'notifications:Who liked or commented on your posts and who followed you, newest first; marks them read.'
            'watch:Print your notifications, and the posts and shelves of the people you follow, as they happen.'
            'outbox:The writes kept until the server confirms them.'
            'sync:Send the writes that wait in the outbox, in order, and say what landed.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        serve|migrate|approve|role|media|signup|login|logout|whoami|account|feed|post|books|book|reading|show|delete|photo|like|unlike|comment|comments|uncomment|follow|unfollow|followers|block|unblock|blocks|mute|unmute|mutes|report|reports|moderate|unsuspend|unsilence|audit|domains|following|profile|shelf|want|start|progress|finish|unshelve|year|import|import-archive|export|search|notifications|watch|outbox|sync)
            "_toolbox_kiwi_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_serve() {
    local -i ret=1
    local -ar ___registrations=('open' 'approval' 'closed')
    local -ar ___federation=('off' 'on')
    local -ar arg_specs=(
        '--host[The address to listen on.]:host:'
        '--port[The port to listen on (0\: any free port).]:port:'
        '--database[Where the data lives\: sqlite\:PATH, postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE\[?pool=N\], or memory.]:database:'
        '--uploads[The folder for uploaded images (default\: beside an SQLite file; in the database with PostgreSQL or memory).]:uploads:_files -/'
        '--max-upload-bytes[The largest upload accepted, in bytes.]:max-upload-bytes:'
        '--media-folder[The folder for photos'\'' versions, shared by every server of a community (default\: '\''media'\'' beside an SQLite file; with PostgreSQL, in the data folder).]:media-folder:_files -/'
        '--media-keys[The file of keys signing photo URLs (ID SECRET a line; the first signs, all verify), the same for every server of a community (default\: made in the data folder, mode 0600).]:media-keys:_files'
        '--media-url[A CDN or cache in front, where photo URLs point (its origin is allowed by the pages'\'' Content-Security-Policy).]:media-url:'
        '--media-store[An S3-compatible bucket for every photo and version, shared by the community'\''s servers in place of the media and uploads folders\: s3\://BUCKET\[/PREFIX\]?endpoint=URL&region=R\[&path-style=true\] (default\: kiwi.media_store; keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials).]:address:'
        '--media-cache-bytes[Bytes of photos from the media store a server keeps in memory, least recently used out.]:media-cache-bytes:'
        '--media-redirect[Answer a photo with a redirect to a presigned URL of the media store, valid five minutes, instead of through the server.]'
        '--public-url[The address clients reach the server at, for links (behind a proxy; https makes the session cookie Secure).]:public-url:'
        '--metrics[Serve Prometheus metrics at GET /metrics (measuring costs some throughput).]'
        '--registrations[Who may sign up\: open (anyone), approval (anyone, let in by a moderator with `toolbox kiwi approve`) or closed (the members there are keep their accounts).]:registrations:{__toolbox_complete "${___registrations[@]}"}'
        '--bcrypt-cost[The bcrypt cost of each stored password (4 to 31; each step doubles the work of a sign-up and a login).]:bcrypt-cost:'
        '*--trusted-proxy[A proxy whose X-Forwarded-For names the client, for rate limits and connection caps (an address or a CIDR range; repeatable).]:address:'
        '--head-timeout[Seconds a new connection has to send a request'\''s head before it is closed.]:head-timeout:'
        '--body-timeout[Seconds a request'\''s body may pause between bytes before the connection is closed.]:body-timeout:'
        '--idle-timeout[Seconds a keep-alive connection may wait for its next request.]:idle-timeout:'
        '--max-connections[Open connections at most, live streams apart (default\: what the open-files limit allows); past it, 503.]:max-connections:'
        '--max-connections-per-address[Open connections at most from one client address (trusted proxies apart); past it, 503.]:max-connections-per-address:'
        '*--rate-limit[A rate limit other than the default\: KIND\[@account|@address\]=N/WINDOW or KIND\[@SCOPE\]=off (repeatable; kinds\: signups, logins, posts, comments, likes, follows, shelves, reports, failed-logins, upload-bytes, activities, the last counted per remote server; windows like 30s, 15m, 1h).]:limit:'
        '--heartbeat[Seconds between a quiet live stream'\''s heartbeats.]:heartbeat:'
        '--health-patience[Seconds GET /health waits for the database before it answers 503.]:health-patience:'
        '--federation[Whether readers can be found and followed from other servers of the fediverse (ActivityPub), their posts sent to those followers\: on needs an https --public-url.]:federation:{__toolbox_complete "${___federation[@]}"}'
        '--federation-allow-private[Let federation ask loopback, private and link-local addresses (for tests whose other servers run on this machine; never on a public server).]'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_migrate() {
    local -i ret=1
    local -ar arg_specs=(
        '--from[The community to copy\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE.]:database:'
        '--to[Where to copy it\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE.]:database:'
        '--media-to[Move the photos into this bucket\: s3\://BUCKET\[/PREFIX\]?endpoint=URL&region=R\[&path-style=true\].]:address:'
        '--media-from[Move the photos back out of this bucket.]:address:'
        '--uploads[The source'\''s uploads folder (default\: '\''uploads'\'' beside an SQLite source).]:uploads:_files -/'
        '--media-folder[With --media-to or --media-from\: the community'\''s media folder (default\: kiwi serve'\''s, '\''media'\'' beside an SQLite file).]:media-folder:_files -/'
        '--database[The community'\''s database\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE (default\: kiwi serve'\''s).]:database:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_approve() {
    local -i ret=1
    local -ar arg_specs=(
        '*:usernames:'
        '--reject[Remove these sign-ups instead of letting them in.]'
        '--database[The community'\''s database\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE (default\: kiwi serve'\''s).]:database:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_role() {
    local -i ret=1
    local -ar _role=('member' 'moderator' 'admin')
    local -ar arg_specs=(
        ':username:'
        ':role:{__toolbox_complete "${_role[@]}"}'
        '--database[The community'\''s database\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE (default\: kiwi serve'\''s).]:database:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_media() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'check:Hold the media store'\''s bucket to the community: no photo without its objects, no object without its photo.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        check)
            "_toolbox_kiwi_media_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_media_check() {
    local -i ret=1
    local -ar arg_specs=(
        '--media-store[The bucket\: s3\://BUCKET\[/PREFIX\]?endpoint=URL&region=R\[&path-style=true\] (default\: kiwi.media_store).]:address:'
        '--repair[Remove the photos in the bucket that nothing names.]'
        '--database[The community'\''s database\: sqlite\:PATH or postgres\://USER\:PASSWORD@HOST\:PORT/DATABASE (default\: kiwi serve'\''s).]:database:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_signup() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--name[Your full name.]:name:'
        '--email[Your email address.]:email:'
        '--password-stdin[Read the password from standard input.]'
        '--insecure[Send the password over plain http without asking.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_login() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--password-stdin[Read the password from standard input.]'
        '--insecure[Send the password over plain http without asking.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_logout() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_whoami() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_account() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'update:Change your name, email or avatar.'
            'delete:Delete your account and everything of yours on the server; offers your archive first.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        update|delete)
            "_toolbox_kiwi_account_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_account_update() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[Your full name.]:name:'
        '--email[Your email address.]:email:'
        '--avatar[A photo to show as your avatar\: JPEG, PNG, GIF, WebP or HEIC, within the server'\''s limits.]:avatar:_files'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_account_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--archive[Save your archive to this file first (on a terminal you are asked).]:file:_files'
        '--confirm[Your username again, to confirm (on a terminal you are asked).]:username:'
        '--password-stdin[Read the password from standard input.]'
        '--insecure[Send the password over plain http without asking.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_feed() {
    local -i ret=1
    local -ar arg_specs=(
        '--page[The page, from 1.]:page:'
        '--page-size[Posts a page, 1 to 100.]:page-size:'
        '--all[Every page to the end.]'
        '--following[Only you and the people you follow (needs a server with /feed).]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_post() {
    local -i ret=1
    local -ar arg_specs=(
        '--image[A JPEG, PNG, GIF, WebP or HEIC image.]:image:_files'
        '--caption[Your reflection.]:caption:'
        '--alt[What the photo shows, for people who cannot see it.]:alt:'
        '--book[The book\: its ISBN-13, or words of its title.]:book:'
        '--spoiler[What your reflection gives away, shown in its place until a reader asks (at most 200 characters).]:spoiler:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_books() {
    local -i ret=1
    local -ar arg_specs=(
        ':query:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_book() {
    local -i ret=1
    local -ar arg_specs=(
        '*:book:'
        '--page[The page of reflections, from 1.]:page:'
        '--page-size[Reflections a page, 1 to 100.]:page-size:'
        '--all[Every reflection, page after page.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_reading() {
    local -i ret=1
    local -ar arg_specs=(
        '--days[The last N days, 1 to 365.]:days:'
        '--following[Count only the posts of the people you follow.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--image-width[The picture'\''s width in terminal cells (default\: about 40% of the terminal).]:image-width:'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_delete() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '(--yes -y)'{--yes,-y}'[Do not ask.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_photo() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '(--output -o)'{--output,-o}'[Write the photo to this file.]:output:_files'
        '--full[Fetch the whole photo rather than the size the terminal'\''s picture needs.]'
        '--image-width[The picture'\''s width in terminal cells (default\: about 40% of the terminal).]:image-width:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_like() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unlike() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_comment() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        ':text:'
        '--spoiler[What your comment gives away, shown in its place until a reader asks (at most 200 characters).]:spoiler:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_comments() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_uncomment() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_follow() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unfollow() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_followers() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Who follows a reader (you by default).'
            'remove:Stop someone following you, without blocking them.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|remove)
            "_toolbox_kiwi_followers_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_followers_list() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_followers_remove() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_block() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unblock() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_blocks() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_mute() {
    local -i ret=1
    local -ar ___for=('1h' '1d' '7d' '30d')
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--for[How long\: 30m, 12h, 7d, 2w (default\: until unmuted).]:for:{__toolbox_complete "${___for[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unmute() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_mutes() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_report() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'create:Report a post, a comment or a reader to the moderators.'
            'show:A report in full: what was reported as it was, and (for moderators) the account'\''s record.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        create|show)
            "_toolbox_kiwi_report_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_report_create() {
    local -i ret=1
    local -ar ___category=('spam' 'harassment' 'spoilers' 'rules' 'other')
    local -ar arg_specs=(
        ':target:'
        '--category[Why you report it.]:category:{__toolbox_complete "${___category[@]}"}'
        '--comment[What the moderators should know, in your words.]:comment:'
        '*--post[A post of the reader that shows it (repeat for more).]:post:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_report_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_reports() {
    local -i ret=1
    local -ar arg_specs=(
        '--all[Closed reports too.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_moderate() {
    local -i ret=1
    local -ar _action=('dismiss' 'remove' 'warn' 'silence' 'suspend')
    local -ar arg_specs=(
        ':id:'
        ':action:{__toolbox_complete "${_action[@]}"}'
        '--reason[Why, for the audit log (and the warning the author sees).]:reason:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unsuspend() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--reason[Why, for the audit log.]:reason:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unsilence() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--reason[Why, for the audit log.]:reason:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_audit() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_domains() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:The blocked servers, the most recent first: who blocked each, when and why.'
            'block:Block a server: its activities are refused and every follow with it ends.'
            'unblock:Lift a server'\''s block: it may follow and be followed again (the follows it ended stay ended).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|block|unblock)
            "_toolbox_kiwi_domains_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_domains_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_domains_block() {
    local -i ret=1
    local -ar arg_specs=(
        ':host:'
        '--reason[Why, for the audit log and the list.]:reason:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_domains_unblock() {
    local -i ret=1
    local -ar arg_specs=(
        ':host:'
        '--reason[Why, for the audit log.]:reason:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_following() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_profile() {
    local -i ret=1
    local -ar arg_specs=(
        ':username:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_shelf() {
    local -i ret=1
    local -ar _shelf=('want' 'reading' 'read')
    local -ar arg_specs=(
        ':shelf:{__toolbox_complete "${_shelf[@]}"}'
        '--user[Whose shelves (default\: yours).]:user:'
        '--spoilers[Show what spoiler warnings hide.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_want() {
    local -i ret=1
    local -ar arg_specs=(
        ':book:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_start() {
    local -i ret=1
    local -ar arg_specs=(
        ':book:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--on[The day, YYYY-MM-DD (default\: today).]:on:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_progress() {
    local -i ret=1
    local -ar arg_specs=(
        ':book:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        ':progress:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_finish() {
    local -i ret=1
    local -ar arg_specs=(
        ':book:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--on[The day, YYYY-MM-DD (default\: today).]:on:'
        '--review[Your review of the book ("" takes the one there is away).]:review:'
        '--spoiler[What the review gives away (“the ending”)\: readers see this in its place.]:spoiler:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_unshelve() {
    local -i ret=1
    local -ar arg_specs=(
        ':book:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_year() {
    local -i ret=1
    local -ar arg_specs=(
        ':year:'
        '--user[Whose year (default\: yours).]:user:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_import() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files -g '\''*.csv'\'''
        '--yes[Import, rather than only say what would be imported.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_import-archive() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files -g '\''*.zip'\'''
        '--yes[Import, rather than only say what would be imported.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--output[Where to write it (default\: kiwi-USERNAME-DAY.zip here); an existing file is kept.]:output:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_search() {
    local -i ret=1
    local -ar ___type=('posts' 'books' 'members')
    local -ar arg_specs=(
        '*:words:'
        '--type[posts, books or members.]:type:{__toolbox_complete "${___type[@]}"}'
        '--limit[Results, 1 to 50.]:limit:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--images[A small picture per row, on a terminal that can show one.]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_notifications() {
    local -i ret=1
    local -ar arg_specs=(
        '--unread[Only the unread ones.]'
        '--all[Every one, not just the newest 20.]'
        '--keep[Leave them unread.]'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_watch() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--spoilers[Show what spoiler warnings hide.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_outbox() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List the writes that wait (kind, target, age, tries, last error).'
            'drop:Forget a write that waits, without sending it.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|drop)
            "_toolbox_kiwi_outbox_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_toolbox_kiwi_outbox_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_outbox_drop() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_kiwi_sync() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The Kiwi server (default\: kiwi.server).]:server:'
        '--json[Print one JSON document on stdout.]'
        '--no-color[No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).]'
        '(--verbose -v)'{--verbose,-v}'[Show each HTTP request on stderr.]'
        '(--quiet -q)'{--quiet,-q}'[No notices on stderr, errors only.]'
        '--offline[Answer from the cache only, expired entries allowed.]'
        '--refresh[Ignore cached entries and store fresh answers.]'
        '--config[Use this configuration file.]:path:_files -g '\''*.yaml *.yml'\'''
        '--plain[One sentence per item, written to read well aloud.]'
        '--no-images[Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_toolbox_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _toolbox ]]; then
    _toolbox "${@}"
else
    compdef _toolbox toolbox
fi
